/**
 * Three dots while the assistant is answering (part 2 §4 (docs/product.md#part-2-4)). The status region is always there, empty when idle,
 * so a screen reader already knows it and reads 'Assistant is typing' when it fills. The dots pulse only for
 * those who have not asked for less motion.
 */
export function TypingIndicator({ active }: { active: boolean }) {
  return (
    <div role="status" className="px-4">
      {active && (
        <div className="mb-2 inline-flex items-center gap-1 rounded-2xl rounded-bl-sm bg-muted px-3.5 py-3">
          <span className="sr-only">Assistant is typing</span>
          {[0, 200, 400].map((delay) => (
            <span
              key={delay}
              aria-hidden="true"
              className="size-2 rounded-full bg-muted-foreground motion-safe:animate-pulse"
              style={{ animationDelay: `${delay}ms` }}
            />
          ))}
        </div>
      )}
    </div>
  );
}
