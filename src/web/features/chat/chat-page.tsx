import { useRef, useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import type { ChatHandle } from './chat-handle';
import { AskAiCard } from './components/ask-ai-card';
import { BasicChat } from './components/basic-chat';
import { N8nChat } from './components/n8n-chat';
import { QuickQuestionsCard } from './components/quick-questions-card';

type Tab = 'n8n' | 'basic';

export default function ChatPage() {
  const [tab, setTab] = useState<Tab>('n8n');
  const n8nChat = useRef<ChatHandle>(null);
  const basicChat = useRef<ChatHandle>(null);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Chat with Health Assistant</h1>
        <p className="mt-1 text-muted-foreground">Get quick answers to your health questions</p>
      </div>
      {/* The side column stacks under the chat until there is room for both side by side. */}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="min-w-0">
          <TabsList className="w-full sm:w-auto">
            <TabsTrigger value="n8n" className="flex-1 sm:flex-none">
              n8n AI Assistant
            </TabsTrigger>
            <TabsTrigger value="basic" className="flex-1 sm:flex-none">
              Basic Chat
            </TabsTrigger>
          </TabsList>
          {/* Both chats stay mounted, the other one hidden: switching tabs keeps each conversation and a reply on its way. */}
          <TabsContent value="n8n" forceMount className="mt-4 data-[state=inactive]:hidden">
            <N8nChat ref={n8nChat} />
          </TabsContent>
          <TabsContent value="basic" forceMount className="mt-4 data-[state=inactive]:hidden">
            <BasicChat ref={basicChat} />
          </TabsContent>
        </Tabs>
        <div className="space-y-6">
          <QuickQuestionsCard onAsk={(question) => (tab === 'n8n' ? n8nChat : basicChat).current?.ask(question)} />
          <AskAiCard />
        </div>
      </div>
    </div>
  );
}
