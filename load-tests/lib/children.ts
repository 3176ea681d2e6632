// Child processes of a benchmark (e.g. WebSocket clients kept out of the measuring process, so their work does
// not delay its clock), driven over IPC: each command is answered by one message, `{ error }` on failure.
// The child side is ws-child.ts.
import { fork, type ChildProcess } from 'node:child_process';

/** Starts `count` Node processes running `script`. */
export function forkChildren(script: string, count: number): ChildProcess[] {
  return Array.from({ length: count }, () => fork(script, [], { stdio: 'inherit' }));
}

/** Sends `message` to `child` and resolves with its answer; rejects on `{ error }` or if the child exits first (`what`: for the message). */
export function ask<T>(child: ChildProcess, message: object, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (answer: { error?: string }) => {
      child.off('exit', onExit);
      if (answer.error) reject(new Error(answer.error));
      else resolve(answer as T);
    };
    const onExit = (code: number) => reject(new Error(`${what} process exited with ${code}`));
    child.once('message', onMessage);
    child.once('exit', onExit);
    child.send(message);
  });
}

/** Tells every child still running to exit and waits until it has. */
export async function stopChildren(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(async (c) => {
      if (c.exitCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.send({ cmd: 'exit' });
      await exited;
    }),
  );
}
