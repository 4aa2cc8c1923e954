import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { badGateway } from '../core/errors';
import { ConfirmationCallError } from '../services/confirmation-call/types';
import { LanguageModelError } from '../services/language-model/types';
import { errorForLog, MESSAGE_NOT_LOGGED } from './error-for-log';

/** A value that must never reach the log. */
const MARK = 'MARK-3f9c41d7';

/** A driver's error as pg builds it from PostgreSQL's answer (PGlite's carries the same fields). */
function driverError(message: string, fields: Partial<pg.DatabaseError>): pg.DatabaseError {
  return Object.assign(new pg.DatabaseError(message, 100, 'error'), { severity: 'ERROR', file: 'x.c', line: '1', ...fields });
}

/** Drizzle's wrapping of a failed statement, as every query of the app fails. */
function failedQuery(cause: Error, params: unknown[] = [`${MARK}-medications`, 1]): DrizzleQueryError {
  return new DrizzleQueryError('update "users" set "medications" = $1 where "users"."id" = $2', params, cause);
}

const logged = (error: unknown) => JSON.stringify(errorForLog(error));

describe('a database error', () => {
  const uniqueViolation = driverError('duplicate key value violates unique constraint "users_email_unique"', {
    code: '23505',
    detail: `Key (email)=(${MARK}@example.com) already exists.`,
    schema: 'public',
    table: 'users',
    constraint: 'users_email_unique',
    routine: '_bt_check_unique',
  });

  it('keeps its SQLSTATE, where it failed, and a message that names objects only', () => {
    expect(errorForLog(failedQuery(uniqueViolation))).toEqual({
      type: 'DrizzleQueryError',
      message: 'Failed query',
      stack: expect.stringMatching(/^DrizzleQueryError: Failed query\n {4}at /),
      query: 'update "users" set "medications" = $1 where "users"."id" = $2',
      cause: {
        type: 'DatabaseError',
        message: 'duplicate key value violates unique constraint "users_email_unique"',
        stack: expect.stringMatching(/^DatabaseError: duplicate key value violates unique constraint "users_email_unique"\n {4}at /),
        code: '23505',
        severity: 'ERROR',
        routine: '_bt_check_unique',
        schema: 'public',
        table: 'users',
        constraint: 'users_email_unique',
      },
    });
  });

  it.each([
    ['the bound values and the key’s value', failedQuery(uniqueViolation)],
    [
      'a message that quotes the value it refused, and where it was bound',
      failedQuery(driverError(`invalid input syntax for type integer: "${MARK}"`, { code: '22P02', where: `unnamed portal parameter $1 = '${MARK}'` })),
    ],
    ['the row a check constraint refused', driverError('new row for relation "x" violates check constraint "c"', { code: '23514', detail: `Failing row contains (${MARK}).` })],
    ['a RAISE’s own message and hint', driverError(`refused ${MARK}`, { code: 'P0001', hint: MARK, internalQuery: `select '${MARK}'` })],
    ['a literal in the query text', new DrizzleQueryError(`select * from x where note = '${MARK}'`, [], uniqueViolation)],
    ['a bound value shaped like a stack frame', failedQuery(uniqueViolation, [`x\n    at ${MARK} (/work/x.js:1:1)`])],
  ])('drops %s', (_case, error) => {
    expect(logged(error)).not.toContain(MARK);
  });

  it('drops the message of a data error, keeping its code', () => {
    expect(errorForLog(driverError(`value "${MARK}" is out of range for type integer`, { code: '22003' }))).toMatchObject({
      type: 'DatabaseError',
      message: MESSAGE_NOT_LOGGED,
      code: '22003',
    });
  });
});

describe('an outside service’s failure', () => {
  it('keeps the 502 the patient saw, the model’s reason and its details, without its address', () => {
    const modelError = new LanguageModelError(502, 'The language model could not be reached', { error: 'Error: connect ECONNREFUSED 10.0.0.7:11434' });
    expect(errorForLog(modelError)).toMatchObject({
      type: 'LanguageModelError',
      message: 'The language model could not be reached',
      statusCode: 502,
      reason: 'The language model could not be reached',
      details: { error: 'Error: connect ECONNREFUSED <address>' },
    });
  });

  it('keeps what fetch said about n8n’s socket, without its address', () => {
    const socket = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5678'), { code: 'ECONNREFUSED', syscall: 'connect', address: '10.0.0.5', port: 5678, errno: -111 });
    const error = Object.assign(badGateway('n8n could not be reached'), { cause: new TypeError('fetch failed', { cause: socket }) });
    const result = errorForLog(error);
    expect(result).toMatchObject({
      message: 'n8n could not be reached',
      cause: { type: 'TypeError', message: 'fetch failed', cause: { message: 'connect ECONNREFUSED <address>', code: 'ECONNREFUSED', syscall: 'connect', errno: -111 } },
    });
    expect(JSON.stringify(result)).not.toMatch(/10\.0\.0\.5|5678/);
  });

  it('keeps a confirmation call’s reason and status', () => {
    expect(errorForLog(new ConfirmationCallError('The call service answered 500', { status: 500, answer: '{"error":"down"}' }))).toMatchObject({
      type: 'ConfirmationCallError',
      message: 'The call service answered 500',
      reason: 'The call service answered 500',
      details: { status: 500, answer: '{"error":"down"}' },
    });
  });
});

describe('any other error', () => {
  it('keeps the message of a plain Error or a TypeError, without a URL in it', () => {
    expect(errorForLog(new Error('appointment 7: its provider or patient is missing'))).toMatchObject({
      type: 'Error',
      message: 'appointment 7: its provider or patient is missing',
    });
    expect(errorForLog(new TypeError(`Failed to parse URL from https://n8n.example.com/hook?key=${MARK}`)).message).toBe('Failed to parse URL from <url>');
  });

  it.each([
    ['a JSON error that quotes the text it read', new SyntaxError(`Unexpected token 'x', "{"medications": "${MARK}" x}" is not valid JSON`)],
    ['a zod error', (() => z.object({ a: z.literal('b') }).safeParse({ a: MARK }).error!)()],
    ['a library’s own error class', new (class LibraryError extends Error {})(`could not handle ${MARK}`)],
  ])('drops the message of %s, keeping its class', (_case, error) => {
    const result = errorForLog(error);
    expect(result.message).toBe(MESSAGE_NOT_LOGGED);
    expect(result.type).toBe(error.constructor.name);
    expect(JSON.stringify(result)).not.toContain(MARK);
  });

  it('keeps no field that is not a code or a status', () => {
    const error = Object.assign(new Error('failed'), { body: MARK, input: MARK, params: [MARK], url: MARK, code: 'E_X', statusCode: 500 });
    expect(errorForLog(error)).toEqual({ type: 'Error', message: 'failed', stack: expect.any(String), code: 'E_X', statusCode: 500 });
  });

  it('logs nothing of a value thrown that is not an Error', () => {
    expect(errorForLog(`${MARK}`)).toEqual({ type: 'string', message: MESSAGE_NOT_LOGGED, stack: '' });
    expect(errorForLog({ medications: MARK })).toEqual({ type: 'object', message: MESSAGE_NOT_LOGGED, stack: '' });
  });

  it('follows causes a few levels deep, even when they loop', () => {
    const looping = new Error('outer');
    looping.cause = looping;
    let depth = 0;
    for (let cause = errorForLog(looping); cause.cause; cause = cause.cause as typeof cause) depth += 1;
    expect(depth).toBe(5);
  });

  it('describes the errors of an AggregateError (both addresses of localhost refused)', () => {
    const refused = (address: string) => Object.assign(new Error(`connect ECONNREFUSED ${address}`), { code: 'ECONNREFUSED' });
    const result = errorForLog(new AggregateError([refused('::1:5432'), refused('127.0.0.1:5432')]));
    expect(result.errors).toEqual([
      expect.objectContaining({ message: 'connect ECONNREFUSED <address>', code: 'ECONNREFUSED' }),
      expect.objectContaining({ message: 'connect ECONNREFUSED <address>', code: 'ECONNREFUSED' }),
    ]);
  });
});
