import 'server-only';
export { ApiError } from '../http/errors';
