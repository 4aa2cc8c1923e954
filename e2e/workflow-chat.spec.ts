import type { Locator, Page } from '@playwright/test';
import { startN8nStandIn } from '../src/testing/n8n-stand-in';
import { expect, test } from './fixtures';
import { pressUntilFocused } from './support/interactions';
import type { RunningServer } from './support/server';

const log = (page: Page) => page.getByRole('log', { name: 'Conversation with the health workflow assistant' });
const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Your message' });
const botBubbles = (conversation: Locator) => conversation.locator(':scope > div').filter({ hasText: /^Assistant said: / });
const userBubbles = (conversation: Locator) => conversation.locator(':scope > div').filter({ hasText: /^You said: / });

async function openWorkflowChat(page: Page, server?: RunningServer) {
  await page.goto(`${server?.url ?? ''}/workflow-chat`);
  await expect(page.getByRole('heading', { level: 1, name: 'Health Assistant Chat' })).toBeVisible();
}

async function send(page: Page, text: string) {
  await messageBox(page).fill(text);
  await page.getByRole('button', { name: 'Send message' }).click();
}

test('the page as the spec has it, reached from the sidebar’s “What’s Good?”', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: "What's Good?" }).click();
  await expect(page).toHaveURL(/\/workflow-chat$/);
  await expect(page.getByText(/personalised recommendations/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Health Workflow Assistant' })).toBeVisible();
  await expect(botBubbles(log(page))).toHaveCount(1);
  await expect(messageBox(page)).toHaveAttribute('placeholder', 'Type your message...');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
});

test('it posts { chatId, message, route: "health" } with a chatId kept in sessionStorage, and shows the output', async ({ page, freshServer }) => {
  const server = await freshServer('seeded');
  await openWorkflowChat(page, server);
  const posted = page.waitForRequest((request) => request.url().endsWith('/api/chat/workflow'));
  await send(page, 'How much of my deductible is left?');
  const request = await posted;
  expect(request.headers()['content-type']).toBe('application/json');
  const body = request.postDataJSON() as { chatId: string; message: string; route: string };
  expect(Object.keys(body).sort()).toEqual(['chatId', 'message', 'route']);
  expect(body).toMatchObject({ message: 'How much of my deductible is left?', route: 'health' });
  expect(body.chatId).toMatch(/^health_[A-Za-z0-9]{9}$/);
  expect(await page.evaluate(() => sessionStorage.getItem('chatId'))).toBe(body.chatId);
  await expect(botBubbles(log(page)).last()).toContainText('Blue Cross Blue Shield');
  await expect(botBubbles(log(page)).last()).toContainText('$1,500');

  // The same tab keeps its chatId across a reload.
  await page.reload();
  const again = page.waitForRequest((next) => next.url().endsWith('/api/chat/workflow'));
  await send(page, 'Thanks');
  expect(((await again).postDataJSON() as { chatId: string }).chatId).toBe(body.chatId);
});

test('with a workflow configured: its output, a missing output, and a failure each read as the spec says; the wait always ends', async ({ page, freshServer }) => {
  const n8n = await startN8nStandIn({ json: { output: 'Drink water and sleep well.' } });
  try {
    const server = await freshServer('account', { N8N_WORKFLOW_WEBHOOK_URL: n8n.url });
    await openWorkflowChat(page, server);
    await send(page, 'Any tips?');
    await expect(botBubbles(log(page)).last()).toHaveText('Assistant said: Drink water and sleep well.');
    expect(n8n.received[0]!.fields).toEqual({ chatId: expect.stringMatching(/^health_[A-Za-z0-9]{9}$/), message: 'Any tips?', route: 'health' });

    n8n.answerWith({ json: { result: 'no output here' } });
    await send(page, 'And more?');
    await expect(botBubbles(log(page)).last()).toHaveText("Assistant said: Sorry, I couldn't process that.");

    n8n.answerWith({ json: { message: 'Error in workflow' }, status: 500 });
    await send(page, 'Still there?');
    await expect(botBubbles(log(page)).last()).toHaveText("Assistant said: Sorry, I couldn't connect to the health workflow. Please try again later.");
    await expect(messageBox(page)).toBeEnabled();
    await expect(userBubbles(log(page))).toHaveCount(3);
  } finally {
    await n8n.close();
  }
});

test('a network failure reads "Sorry, I couldn\'t connect…" and the input comes back', async ({ page }) => {
  await openWorkflowChat(page);
  await page.route('**/api/chat/workflow', (route) => route.abort());
  await send(page, 'Hello?');
  await expect(botBubbles(log(page)).last()).toHaveText("Assistant said: Sorry, I couldn't connect to the health workflow. Please try again later.");
  await expect(messageBox(page)).toBeEnabled();
});

test('everything by keyboard: type, Enter, and the answer', async ({ page, freshServer }) => {
  const server = await freshServer('account');
  await openWorkflowChat(page, server);
  await pressUntilFocused(page, messageBox(page));
  await page.keyboard.type('How do I book an appointment?');
  await page.keyboard.press('Enter');
  await expect(userBubbles(log(page))).toHaveText(['You said: How do I book an appointment?']);
  await expect(botBubbles(log(page)).last()).toContainText('Schedule New');
  await expect(messageBox(page)).toBeFocused();
  await pressUntilFocused(page, page.getByRole('button', { name: 'Send message' }));
});
