// Categories screen (/categories).
export { CategoriesScreen } from './categories-screen';
