export { accountAdminKeys } from './queries';
