import { describe, expect, it } from 'vitest';
import { readReplyBody } from './read-reply';
import { N8nError } from './types';

/** n8n's answers as they come over HTTP: the Chat Trigger's, a Respond to Webhook node's, a Webhook node's. */
const json = (value: unknown) => JSON.stringify(value);

describe('readReplyBody, the one reader of a whole n8n answer (the n8n tab and the workflow page)', () => {
  it.each([
    ["the Chat Trigger's and the AI Agent's { output }", json({ output: 'Hello from n8n' }), 'Hello from n8n'],
    ['{ output } beside other fields, as the Chat Trigger echoes them', json({ sessionId: 's-1', chatInput: 'Hi', output: 'Hi there' }), 'Hi there'],
    ['{ output } written over several lines', JSON.stringify({ output: 'Pretty' }, null, 2), 'Pretty'],
    ['an empty { output }', json({ output: '' }), ''],
    ['{ text }, read after output', json({ text: 'From text' }), 'From text'],
    ['output before text', json({ text: 'second', output: 'first' }), 'first'],
    ['text when output is not a string', json({ output: 42, text: 'the text' }), 'the text'],
    ['an item list: its first item', json([{ output: 'From an item list' }, { output: 'ignored' }]), 'From an item list'],
    ['an item list whose first item has text', json([{ text: 'Item text' }]), 'Item text'],
    ['plain text (a Respond to Webhook node answering text), trimmed', '  Take it with food.\nTwice a day.\n', 'Take it with food.\nTwice a day.'],
    ['text that merely starts like JSON', '{ not json', '{ not json'],
    ['a WebSocket receipt that carries text', json({ executionStarted: true, output: 'Here anyway' }), 'Here anyway'],
  ])('reads the text of %s', (_, body, text) => {
    expect(readReplyBody(body)).toEqual({ kind: 'text', text });
  });

  it.each([
    ['JSON without output or text', json({ answer: 42 }), { answer: 42 }],
    ["n8n's Webhook node answering at once ({ message } is not read)", json({ message: 'Workflow was started' }), { message: 'Workflow was started' }],
    ['output and text that are not strings', json({ output: { nested: 'x' }, text: null }), { output: { nested: 'x' }, text: null }],
    ['an empty item list', json([]), []],
    ['an item list whose first item has no text (the list as it came)', json([{ answer: 1 }, { output: 'second' }]), [{ answer: 1 }, { output: 'second' }]],
    ['an item list of strings', json(['Hello']), ['Hello']],
    ['a list of lists (one level is read)', json([[{ output: 'deep' }]]), [[{ output: 'deep' }]]],
    ['a JSON string', json('Hello'), 'Hello'],
    ['a number', '42', 42],
    ['null', 'null', null],
    ['a receipt with more fields than the WebSocket mode sends', json({ executionStarted: true, executionId: '12', extra: 1 }), { executionStarted: true, executionId: '12', extra: 1 }],
    ['a WebSocket receipt inside an item list', json([{ executionStarted: true, executionId: '12' }]), [{ executionStarted: true, executionId: '12' }]],
  ])('finds no text in %s, and gives the JSON as it came', (_, body, value) => {
    expect(readReplyBody(body)).toEqual({ kind: 'no text', json: value });
  });

  it.each([
    ['an empty answer', '', 'n8n answered with nothing'],
    ['an answer of white space', ' \n\t ', 'n8n answered with nothing'],
    ["the Chat Trigger's WebSocket receipt", json({ executionStarted: true, executionId: '12' }), /^n8n started the workflow but answers through a WebSocket: set the Chat Trigger/],
    ['a WebSocket receipt without its id', json({ executionStarted: true }), /answers through a WebSocket/],
  ])('refuses %s as no reply, with a 502', (_, body, reason) => {
    const read = readReplyBody(body);
    expect(read.kind).toBe('refused');
    const { error } = read as Extract<typeof read, { kind: 'refused' }>;
    expect(error).toBeInstanceOf(N8nError);
    expect(error.statusCode).toBe(502);
    expect(error.reason).toMatch(reason);
  });
});
