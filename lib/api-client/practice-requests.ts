import { useMutation } from '@tanstack/react-query';
import {
  practiceRequestReceiptSchema,
  type PracticeRequest,
  type PracticeRequestReceipt,
} from '../contracts/practice-requests';
import { apiFetch } from './http';

// POST /api/practice-requests - a practice asks to be listed (201); works logged out
export function submitPracticeRequest(body: PracticeRequest): Promise<PracticeRequestReceipt> {
  return apiFetch('/practice-requests', { method: 'POST', body, schema: practiceRequestReceiptSchema });
}

export function useSubmitPracticeRequest() {
  return useMutation({ mutationFn: submitPracticeRequest });
}
