import { useMutation } from '@tanstack/react-query';
import { userSchema, type SignUpRequest, type User } from '../contracts/user';
import { apiFetch } from './http';

// POST /api/signup - create the account (201); the browser then goes to login
export function signUp(body: SignUpRequest): Promise<User> {
  return apiFetch('/signup', { method: 'POST', body, schema: userSchema });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
