import { bearerToken, getAuthUser } from '@pitclock/kit';
import type { Request } from 'express';
import type { Actor } from '../../application/admins';

/** The signed-in caller of an admin route: the auth service is asked about others with their token. */
export const actorOf = (req: Request): Actor => ({ id: getAuthUser(req).id, token: bearerToken(req) ?? '' });
