// Users screen (/admin/users).
export { UsersScreen } from './users-screen';
