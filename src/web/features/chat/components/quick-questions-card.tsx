import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Button } from '../../../components/ui/button';
import { QUICK_QUESTIONS } from '../../../../shared/rules/quick-questions';

/** 'Quick Questions' (part 2 §2 (docs/product.md#part-2-2)): each asks the chat of the open tab. */
export function QuickQuestionsCard({ onAsk }: { onAsk(question: string): void }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Questions</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2">
          {QUICK_QUESTIONS.map((question) => (
            <li key={question}>
              <Button variant="outline" className="h-auto w-full justify-start whitespace-normal py-2 text-left" onClick={() => onAsk(question)}>
                {question}
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
