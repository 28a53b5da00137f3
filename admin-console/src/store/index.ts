export { ADMIN_TAG_TYPES, adminApi, type AdminTagType } from './admin-api';
export { createAdminStore, type AdminDispatch, type AdminState, type AdminStore } from './admin-store';
export { toAdminError, type AdminError, type AdminRequest } from './base-query';
