export { supportModule } from './support.module.js';
