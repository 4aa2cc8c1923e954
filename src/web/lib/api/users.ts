import { queryOptions } from '@tanstack/react-query';
import type { User } from '../../../shared/contracts/users';
import { apiRequest } from '../api-client';

export const userQuery = (userId: number) =>
  queryOptions({ queryKey: ['users', userId], queryFn: () => apiRequest<User>('GET', `/api/users/${userId}`) });
