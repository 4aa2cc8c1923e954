import { queryOptions } from '@tanstack/react-query';
import type { Setup } from '../../../shared/contracts/setup';
import { apiRequest } from '../api-client';

/** Whether a patient exists yet and whether the app should still lead to the first-run wizard. */
export const setupQuery = () => queryOptions({ queryKey: ['setup'], queryFn: () => apiRequest<Setup>('GET', '/api/setup') });
