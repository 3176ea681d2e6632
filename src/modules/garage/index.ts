export { garageModule } from './garage.module.js';
