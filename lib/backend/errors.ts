export { ApiError } from '../http/errors';
