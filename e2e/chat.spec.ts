import type { Locator, Page } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { samplePdf, samplePng } from '../src/server/db/sample-documents';
import { startLanguageModelStandIn } from '../src/testing/language-model-stand-in';
import { startN8nStandIn, streamLine } from '../src/testing/n8n-stand-in';
import { BASIC_GREETING, BASIC_REPLIES } from '../src/web/features/chat/basic-replies';
import { expect, expectNoAxeViolations, test, useStoredTheme } from './fixtures';
import { expectToast, getJson, pressUntilFocused } from './support/interactions';
import type { RunningServer } from './support/server';

const SESSION_KEY = 'n8n-chat/sessionId';
const FAILED_REPLY = 'Sorry, I encountered an error. Please try again.';

const n8nLog = (page: Page) => page.getByRole('log', { name: 'Conversation with the health assistant' });
const basicLog = (page: Page) => page.getByRole('log', { name: 'Conversation with the basic assistant' });
const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Your message' });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send message' });
/** The bubbles of a conversation; each starts with the hidden 'You said: ' or 'Assistant said: '. */
const userBubbles = (log: Locator) => log.locator(':scope > div').filter({ hasText: /^You said: / });
const botBubbles = (log: Locator) => log.locator(':scope > div').filter({ hasText: /^Assistant said: / });

async function openChat(page: Page, server?: RunningServer) {
  await page.goto(`${server?.url ?? ''}/chat`);
  await expect(page.getByRole('heading', { level: 1, name: 'Chat with Health Assistant' })).toBeVisible();
  await expect(sendButton(page)).toBeVisible();
}

/**
 * Types a message and sends it with Enter. While a stored session's earlier messages load, Enter waits and says
 * 'Send again in a moment': as a patient would, this presses Enter again until the message has gone.
 */
async function ask(page: Page, text: string) {
  await messageBox(page).fill(text);
  await expect(async () => {
    if ((await messageBox(page).inputValue()) !== '') await messageBox(page).press('Enter');
    await expect(messageBox(page)).toHaveValue('', { timeout: 1000 });
  }).toPass();
}

test('the page as the spec has it: the two tabs, the n8n widget’s texts and greetings, Quick Questions and Ask AI', async ({ page }) => {
  await openChat(page);
  await expect(page.getByText('Get quick answers to your health questions')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'n8n AI Assistant' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Basic Chat' })).toHaveAttribute('aria-selected', 'false');
  await expect(page.getByRole('heading', { level: 2, name: 'Health Assistant' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Hi there! 👋' })).toBeVisible();
  await expect(page.getByText("Start a chat. We're here to help you 24/7.")).toBeVisible();
  for (const name of ['New Conversation', 'Clear history', 'Close chat']) await expect(page.getByRole('button', { name })).toBeVisible();
  // No n8n here: the built-in assistant introduces itself (part 2 §4 (docs/product.md#part-2-4)).
  await expect(botBubbles(n8nLog(page))).toHaveText([
    'Assistant said: Hi there! 👋',
    "Assistant said: I'm your health assistant. I answer from your own records in this app. How can I help you today?",
  ]);
  await expect(messageBox(page)).toHaveAttribute('placeholder', 'Type your question..');
  // Blank: nothing to send.
  await expect(sendButton(page)).toBeDisabled();
  // The panel is 600 px high (part 2 §9 (docs/product.md#part-2-9)).
  expect((await n8nLog(page).locator('xpath=..').boundingBox())?.height).toBeLessThanOrEqual(600);

  await expect(page.getByRole('heading', { name: 'Quick Questions' })).toBeVisible();
  await expect(page.getByRole('list').filter({ has: page.getByRole('button', { name: /seasonal allergies/ }) }).getByRole('button')).toHaveText([
    'What are the symptoms of seasonal allergies?',
    'How much water should I drink daily?',
    'What are the signs of high blood pressure?',
    'How can I relieve back pain at home?',
  ]);
  await expect(page.getByRole('heading', { name: 'Ask AI' })).toBeVisible();
  await expect(page.getByText(/research-based AI provider/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your health question' })).toBeVisible();

  await page.getByRole('tab', { name: 'Basic Chat' }).click();
  await expect(page.getByText('Basic health guidance')).toBeVisible();
  await expect(botBubbles(basicLog(page))).toHaveText([`Assistant said: ${BASIC_GREETING}`]);
  const panel = await basicLog(page).locator('xpath=..').boundingBox();
  expect(panel?.height).toBeCloseTo(800 * 0.7, -1);
});

test('the n8n tab answers from the patient’s own record, and the conversation is back after a reload', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  const provider = await (await page.request.post(`${server.url}/api/providers`, { data: { userId: 1, name: 'Dr. Ana Rivera', specialty: 'Dentistry' } })).json();
  const day = addDays(new Date(), 12);
  const booked = await page.request.post(`${server.url}/api/appointments`, {
    data: { userId: 1, providerId: provider.id, appointmentType: 'Dental Cleaning', appointmentDate: format(day, 'yyyy-MM-dd'), appointmentTime: 'morning' },
  });
  expect(booked.status()).toBe(201);
  await openChat(page, server);

  await ask(page, 'When is my next appointment?');
  // While the reply is on its way the box and Send wait with it.
  const reply = botBubbles(n8nLog(page)).nth(2);
  await expect(reply).toContainText('Dental Cleaning');
  await expect(reply).toContainText('Dr. Ana Rivera');
  await expect(reply).toContainText(format(day, 'EEEE, MMMM d, yyyy'));
  await expect(messageBox(page)).toHaveValue('');
  await expect(messageBox(page)).toBeEnabled();
  await expect(page.getByRole('status').filter({ hasText: 'Assistant is typing' })).toHaveCount(0);

  const sessionId = await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY);
  expect(sessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  await page.reload();
  await expect(userBubbles(n8nLog(page))).toHaveText(['You said: When is my next appointment?']);
  await expect(botBubbles(n8nLog(page)).nth(2)).toContainText('Dr. Ana Rivera');
  expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBe(sessionId);

  // 'New Conversation' starts a new session: the greetings alone, and after a reload too.
  await page.getByRole('button', { name: 'New Conversation' }).click();
  await expect(userBubbles(n8nLog(page))).toHaveCount(0);
  const newId = await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY);
  expect(newId).not.toBe(sessionId);
  await page.reload();
  await expect(botBubbles(n8nLog(page))).toHaveCount(2);
  await expect(userBubbles(n8nLog(page))).toHaveCount(0);

  // 'Clear history' deletes the stored conversations on the server.
  await ask(page, 'What medications do I have on file?');
  await expect(botBubbles(n8nLog(page))).toHaveCount(3);
  await page.getByRole('button', { name: 'Clear history' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Clear chat history?' });
  await confirm.getByRole('button', { name: 'Clear history' }).click();
  await expectToast(page, 'History cleared', '');
  const history = await page.request.post(`${server.url}/api/chat/n8n`, { data: { action: 'loadPreviousSession', sessionId: newId } });
  expect(await history.json()).toEqual({ data: [] });
});

test('Enter sends, Shift+Enter adds a line, Arrow Up and Arrow Down bring back earlier messages', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openChat(page, server);
  const box = messageBox(page);
  await box.click();
  await page.keyboard.type('First line');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('second line');
  await expect(box).toHaveValue('First line\nsecond line');
  await expect(userBubbles(n8nLog(page))).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(userBubbles(n8nLog(page))).toHaveText(['You said: First line\nsecond line']);
  await expect(botBubbles(n8nLog(page))).toHaveCount(3);
  await expect(box).toBeFocused();
  await page.keyboard.type('How do I upload a record?');
  await page.keyboard.press('Enter');
  await expect(botBubbles(n8nLog(page))).toHaveCount(4);

  // A recalled message puts the caret at its start going back, at its end going forward (after the next frame).
  const caret = () => box.evaluate((element: HTMLTextAreaElement) => element.selectionStart);
  await page.keyboard.type('draft');
  await page.keyboard.press('ArrowUp');
  await expect(box).toHaveValue('How do I upload a record?');
  await expect.poll(caret).toBe(0);
  await page.keyboard.press('ArrowUp');
  await expect(box).toHaveValue('First line\nsecond line');
  await expect.poll(caret).toBe(0);
  // Within a message of several lines the arrows move the caret first, as in any text box.
  await page.keyboard.press('ArrowDown');
  await expect(box).toHaveValue('First line\nsecond line');
  await expect.poll(caret).toBeGreaterThan('First line'.length);
  await page.keyboard.press('ArrowDown');
  await expect(box).toHaveValue('How do I upload a record?');
  await expect.poll(caret).toBe('How do I upload a record?'.length);
  await page.keyboard.press('ArrowDown');
  await expect(box).toHaveValue('draft');
});

test('files are attached as removable chips, reach n8n as multipart under files, and are named in the message', async ({ page, freshServer }) => {
  const n8n = await startN8nStandIn((request) => (request.fields.action === 'loadPreviousSession' ? { json: { data: [] } } : { json: { output: 'Got your file.' } }));
  try {
    const server = await freshServer('account', { N8N_CHAT_WEBHOOK_URL: n8n.url });
    await openChat(page, server);
    const input = page.locator('input[type=file]');
    const labs = samplePdf('Labs', ['HbA1c 5.4 %']);
    await input.setInputFiles({ name: 'labs.pdf', mimeType: 'application/pdf', buffer: labs });
    await input.setInputFiles({ name: 'rash.png', mimeType: 'image/png', buffer: samplePng(8, 8) });
    const chips = page.getByRole('list', { name: 'Attachments' }).getByRole('listitem');
    // A new choice adds to the list.
    await expect(chips).toHaveText([/labs\.pdf/, /rash\.png/]);
    await page.getByRole('button', { name: 'Remove rash.png' }).click();
    await expect(chips).toHaveText([/labs\.pdf/]);
    await input.setInputFiles({ name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
    await expectToast(page, 'File not attached', 'setup.exe');
    await expect(chips).toHaveCount(1);

    await ask(page, 'Here are my lab results');
    await expect(botBubbles(n8nLog(page)).last()).toHaveText('Assistant said: Got your file.');
    await expect(userBubbles(n8nLog(page)).getByRole('list', { name: 'Attached files' })).toHaveText(/labs\.pdf/);
    await expect(page.getByRole('list', { name: 'Attachments' })).toHaveCount(0);
    const sent = n8n.received.find((request) => request.fields.action === 'sendMessage')!;
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(sent.fields).toMatchObject({ action: 'sendMessage', chatInput: 'Here are my lab results', sessionId: expect.any(String) });
    expect(sent.files).toEqual([{ name: 'labs.pdf', type: 'application/pdf', bytes: labs }]);
  } finally {
    await n8n.close();
  }
});

test('Basic Chat greets, answers with one of its five replies within 3 s, and a quick question is sent to the open tab', async ({ page }) => {
  // The reply comes 1 to 3 s after the question, by the page's own timer. On a loaded machine a check can come after
  // the reply, so the page's clock stops once the chat is open and the test moves it (as the toast test does).
  await page.clock.install();
  await openChat(page);
  await page.getByRole('tab', { name: 'Basic Chat' }).click();
  await page.clock.pauseAt(Date.now() + 1000);
  await ask(page, 'I have had a cold for a week');
  await expect(userBubbles(basicLog(page))).toHaveText(['You said: I have had a cold for a week']);
  await expect(page.getByRole('status').filter({ hasText: 'Assistant is typing' })).toBeVisible();
  await expect(sendButton(page)).toBeDisabled();
  await page.clock.runFor(3000);
  await expect(botBubbles(basicLog(page))).toHaveCount(2);
  await expect(page.getByRole('status').filter({ hasText: 'Assistant is typing' })).toHaveCount(0);
  expect(BASIC_REPLIES.map((reply) => `Assistant said: ${reply}`)).toContain(await botBubbles(basicLog(page)).nth(1).textContent());

  await page.getByRole('button', { name: 'How much water should I drink daily?' }).click();
  await expect(userBubbles(basicLog(page)).nth(1)).toHaveText('You said: How much water should I drink daily?');
  await page.clock.runFor(3000);
  await expect(botBubbles(basicLog(page))).toHaveCount(3);

  await page.clock.resume();
  await page.getByRole('tab', { name: 'n8n AI Assistant' }).click();
  await page.getByRole('button', { name: 'What are the signs of high blood pressure?' }).click();
  await expect(userBubbles(n8nLog(page)).last()).toHaveText('You said: What are the signs of high blood pressure?');
  // Answered by the built-in assistant's general guidance on the topic, with its disclaimer.
  await expect(botBubbles(n8nLog(page)).last()).toContainText('usually has no signs or symptoms');
  await expect(botBubbles(n8nLog(page)).last()).toContainText('not medical advice');
});

test('without a language model, Get AI Analysis says the feature is unavailable', async ({ page }) => {
  await openChat(page);
  await page.getByRole('textbox', { name: 'Your health question' }).fill('Should I worry about my cholesterol?');
  await page.getByRole('button', { name: 'Get AI Analysis' }).click();
  await expectToast(page, 'Feature Unavailable', 'To use AI-powered responses, a Perplexity API key is required.');
});

test('with a language model, Get AI Analysis streams its answer into the card, and the model gets the patient’s facts', async ({ page, freshServer }) => {
  const model = await startLanguageModelStandIn(['Your cholesterol screening ', 'is overdue; ', 'book it soon.']);
  try {
    const server = await freshServer('seeded', { ASSISTANT_LLM_BASE_URL: `${model.url}/v1`, ASSISTANT_LLM_MODEL: 'llama3.2' });
    await openChat(page, server);
    await page.getByRole('textbox', { name: 'Your health question' }).fill('What should I do about my cholesterol?');
    await page.getByRole('button', { name: 'Get AI Analysis' }).click();
    await expect(page.getByRole('heading', { name: 'AI analysis' })).toBeVisible();
    await expect(page.getByText('Your cholesterol screening is overdue; book it soon.')).toBeVisible();
    const [request] = model.requests;
    const { messages } = request!.body as { messages: { role: string; content: string }[] };
    expect(messages[0]!.content).toContain('Blue Cross Blue Shield');
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'What should I do about my cholesterol?' });

    // The n8n tab's built-in assistant asks the same model, and its pieces arrive in one bubble.
    await ask(page, 'Anything I should book?');
    await expect(botBubbles(n8nLog(page)).last()).toHaveText('Assistant said: Your cholesterol screening is overdue; book it soon.');
  } finally {
    await model.close();
  }
});

test('with n8n configured, the tab goes through the server to the Chat Trigger: a streamed answer in two bubbles, and a failure that ends the wait', async ({ page, freshServer }) => {
  const n8n = await startN8nStandIn();
  try {
    const server = await freshServer('account', { N8N_CHAT_WEBHOOK_URL: n8n.url, N8N_CHAT_AUTH_HEADER: 'Authorization: Bearer n8n-secret-42' });
    n8n.answerWith((request) =>
      request.fields.action === 'loadPreviousSession'
        ? { json: { data: [] } }
        : {
            lines: [
              streamLine('begin'),
              streamLine('item', 'Hello from '),
              streamLine('item', 'your workflow.'),
              streamLine('end'),
              streamLine('begin', undefined, { nodeId: 'agent-2' }),
              streamLine('item', 'Anything else?', { nodeId: 'agent-2' }),
              streamLine('end', undefined, { nodeId: 'agent-2' }),
            ],
            gapMs: 50,
          },
    );
    await openChat(page, server);
    await expect(page.getByText('Answered by your n8n chat workflow')).toBeVisible();
    await ask(page, 'Hi n8n');
    await expect(botBubbles(n8nLog(page))).toHaveText([/Hi there/, /powered by your n8n workflow/, 'Assistant said: Hello from your workflow.', 'Assistant said: Anything else?']);
    const sent = n8n.received.find((request) => request.fields.action === 'sendMessage')!;
    expect(sent.fields).toMatchObject({ action: 'sendMessage', chatInput: 'Hi n8n', sessionId: expect.any(String) });
    expect(sent.headers).toMatchObject({ authorization: 'Bearer n8n-secret-42', accept: 'text/plain' });

    n8n.answerWith({ json: { message: 'Error in workflow' }, status: 500 });
    await ask(page, 'And now?');
    await expect(botBubbles(n8nLog(page)).last()).toHaveText(`Assistant said: ${FAILED_REPLY}`);
    await expect(messageBox(page)).toBeEnabled();
    await expect(page.getByRole('status').filter({ hasText: 'Assistant is typing' })).toHaveCount(0);

    // Neither n8n's address nor its header reaches the browser: not in the app's scripts, not in any answer.
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.endsWith('.js')),
    );
    expect(scripts.length).toBeGreaterThan(1);
    for (const src of scripts) {
      const text = await (await page.request.get(src)).text();
      expect(text).not.toContain(new URL(n8n.url).port);
      expect(text).not.toContain('n8n-secret-42');
    }
    expect(JSON.stringify(await getJson(page, server, '/api/chat/assistant'))).toBe('{"n8n":true,"workflow":false,"languageModel":false}');
  } finally {
    await n8n.close();
  }
});

test('everything by keyboard: the tabs, a message, a quick question, Ask AI and Clear history', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openChat(page, server);
  await pressUntilFocused(page, page.getByRole('tab', { name: 'n8n AI Assistant' }));
  await pressUntilFocused(page, messageBox(page));
  await page.keyboard.type('How do I export my calendar?');
  await page.keyboard.press('Enter');
  await expect(botBubbles(n8nLog(page))).toHaveCount(3);
  await expect(botBubbles(n8nLog(page)).last()).toContainText('Add to calendar');

  await pressUntilFocused(page, page.getByRole('button', { name: 'How can I relieve back pain at home?' }));
  await page.keyboard.press('Enter');
  await expect(userBubbles(n8nLog(page)).last()).toHaveText('You said: How can I relieve back pain at home?');
  await expect(botBubbles(n8nLog(page))).toHaveCount(4);

  await pressUntilFocused(page, page.getByRole('textbox', { name: 'Your health question' }));
  await page.keyboard.type('Is my blood pressure fine?');
  await pressUntilFocused(page, page.getByRole('button', { name: 'Get AI Analysis' }));
  await page.keyboard.press('Enter');
  await expectToast(page, 'Feature Unavailable', 'To use AI-powered responses, a Perplexity API key is required.');

  await pressUntilFocused(page, page.getByRole('button', { name: 'Clear history' }), 'Shift+Tab', 80);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Clear chat history?' });
  await pressUntilFocused(page, confirm.getByRole('button', { name: 'Clear history' }));
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(userBubbles(n8nLog(page))).toHaveCount(0);
  await expect(messageBox(page)).toBeFocused();

  await pressUntilFocused(page, page.getByRole('tab', { name: 'n8n AI Assistant' }), 'Shift+Tab', 80);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Basic Chat' })).toHaveAttribute('aria-selected', 'true');
  await pressUntilFocused(page, messageBox(page));
  await page.keyboard.type('Hello');
  await page.keyboard.press('Enter');
  await expect(botBubbles(basicLog(page))).toHaveCount(2, { timeout: 4000 });
});

for (const theme of ['light', 'dark'] as const) {
  test(`the chat page has no axe violations in the ${theme} theme: a conversation, the get-started screen, the dialog, at 390 px`, async ({ page, freshServer }) => {
    const server = await freshServer('account');
    await useStoredTheme(page, theme);
    await openChat(page, server);
    await ask(page, 'What allergies do I have on file?');
    await expect(botBubbles(n8nLog(page))).toHaveCount(3);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Close chat' }).click();
    await expect(page.getByRole('button', { name: 'New Conversation' })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Back to the conversation' }).click();
    await page.getByRole('button', { name: 'Clear history' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Clear chat history?' })).toBeVisible();
    await expectNoAxeViolations(page, '[role="alertdialog"]');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: 'Basic Chat' }).click();
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });
}
