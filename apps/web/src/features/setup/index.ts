export { SetupChecklist } from './SetupChecklist';
