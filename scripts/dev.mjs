// `npm run dev`: the API with reload on change (port 3000), and Vite's dev servers for the web app
// (http://localhost:5173) and the console (http://localhost:5174/admin/), both proxying /api to 3000.
import { spawn } from 'node:child_process';

const children = [
  ['api', 'tsx', ['watch', '--clear-screen=false', 'src/main.ts']],
  ['web', 'vite', ['--config', 'vite.web.config.ts']],
  ['admin', 'vite', ['--config', 'vite.admin.config.ts']],
].map(([name, cmd, args]) => {
  const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '1' } });
  child.on('exit', (code) => {
    console.log(`[${name}] exited with ${code}`);
    shutdown(code ?? 0);
  });
  return child;
});

let stopping = false;
function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
