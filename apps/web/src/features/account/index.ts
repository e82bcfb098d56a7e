export { useUpdateUserInfo } from './queries';
