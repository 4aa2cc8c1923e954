import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { CHAT_MESSAGE_MAX_LENGTH, chatMessages } from '../../../../shared/contracts/chat';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { askForAnalysis, assistantStatusQuery, refusalOf } from '../../../lib/api/chat';
import { statusOf } from '../../../lib/api-client';
import { replyFailed, type ReplyState } from '../../../lib/chat/reply-reader';

const FAILED = 'The analysis could not be completed. Please try again.';
const unavailable = () =>
  toast({ title: 'Feature Unavailable', description: 'To use AI-powered responses, a Perplexity API key is required.' });
const answerOf = (state: ReplyState) => state.bubbles.map((bubble) => bubble.text).join('\n\n');

/**
 * 'Ask AI' (part 2 §2 (docs/product.md#part-2-2), §8 (docs/product.md#part-2-8); issue 13 point 1): with no language model configured, the spec's 'Feature Unavailable'
 * toast; with one, its answer streamed into the card. A blank question is never sent.
 */
export function AskAiCard() {
  const queryClient = useQueryClient();
  const [question, setQuestion] = useState('');
  /** The answer so far; complete once the reply has ended well (then a screen reader reads it, once). */
  const [answer, setAnswer] = useState({ text: '', complete: false });
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const running = useRef<AbortController | null>(null);
  const questionBox = useRef<HTMLTextAreaElement>(null);
  const questionId = useId();
  const problemId = useId();

  useEffect(() => () => running.current?.abort(), []);

  async function analyse() {
    if (pending) return;
    setPending(true);
    setProblem(null);
    const controller = new AbortController();
    running.current = controller;
    try {
      const status = await queryClient.fetchQuery(assistantStatusQuery());
      if (!status.languageModel) {
        unavailable();
        return;
      }
      if (question.trim() === '') {
        setProblem(chatMessages.empty);
        questionBox.current?.focus();
        return;
      }
      setAnswer({ text: '', complete: false });
      const reply = await askForAnalysis(question.trim(), controller.signal, (state) => setAnswer({ text: answerOf(state), complete: false }));
      if (replyFailed(reply)) setProblem(FAILED);
      else setAnswer({ text: answerOf(reply), complete: true });
    } catch (error) {
      if (controller.signal.aborted) return;
      // 409: the model was switched off since the page learnt it was there.
      if (statusOf(error) === 409) unavailable();
      else setProblem(refusalOf(error) ?? FAILED);
    } finally {
      if (running.current === controller) {
        running.current = null;
        setPending(false);
      }
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Ask AI</CardTitle>
        <CardDescription>
          Powered by a research-based AI provider, when one is set up for this app. Its answers are general information, not medical advice.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="space-y-2">
          <Label htmlFor={questionId}>Your health question</Label>
          <Textarea
            ref={questionBox}
            id={questionId}
            value={question}
            maxLength={CHAT_MESSAGE_MAX_LENGTH}
            placeholder="Describe what you would like to know…"
            aria-invalid={problem === chatMessages.empty || undefined}
            aria-describedby={problem ? problemId : undefined}
            onChange={(event) => {
              setQuestion(event.target.value);
              if (problem === chatMessages.empty) setProblem(null);
            }}
          />
        </div>
        <Button
          className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-70"
          aria-disabled={pending || undefined}
          onClick={() => void analyse()}
        >
          {pending ? <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
          {pending ? 'Analysing…' : 'Get AI Analysis'}
        </Button>
        {problem && (
          <p id={problemId} role="alert" className="text-sm font-medium text-destructive">
            {problem}
          </p>
        )}
        {/*
          The answer streams in outside the live region, which a screen reader would otherwise read piece by piece
          (most ignore aria-busy); complete, it moves into the region, always present, and is read once. A reply
          that failed half-way stays outside: the alert above says so.
        */}
        <div>
          <div aria-live="polite">{answer.complete && answer.text && <Analysis text={answer.text} />}</div>
          {!answer.complete && answer.text && <Analysis text={answer.text} />}
        </div>
      </CardContent>
    </Card>
  );
}

function Analysis({ text }: { text: string }) {
  return (
    <div className="rounded-md border bg-muted/50 p-3">
      <h3 className="mb-1 text-sm font-semibold">AI analysis</h3>
      <p className="whitespace-pre-wrap text-sm [overflow-wrap:anywhere]">{text}</p>
    </div>
  );
}
