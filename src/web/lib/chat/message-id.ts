/** A message id as the product chats make them (part 2 §3 (docs/product.md#part-2-3)): a prefix, the time, and a random suffix so two in one millisecond differ. */
export const messageId = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
