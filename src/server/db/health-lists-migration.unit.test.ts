import { PGlite } from '@electric-sql/pglite';
import { expect, it } from 'vitest';
import { migrationNames as migrations, runMigration as run } from '../../testing/migrations';

// Migration 0017 (issue 34) makes each line of the profile's "Existing Conditions" and "Allergies" boxes an item of
// the new lists: a database migrated up to 0016 must keep every line, in order, and only those.

it('makes each non-blank line an active item, trimmed and in order, for each patient, and drops the two columns', async () => {
  const client = await PGlite.create();
  try {
    for (const name of migrations.filter((name) => name < '0017')) await run(client, name);
    const insert = `insert into users (username, display_name, email, existing_conditions, allergies) values ($1, $1, $2, $3, $4) returning id`;
    const { rows: first } = await client.query<{ id: number }>(insert, ['a', 'a@example.com', '  Asthma\r\n\n\tType 2 diabetes \nAsthma', 'Penicillin, latex']);
    const { rows: second } = await client.query<{ id: number }>(insert, ['b', 'b@example.com', null, '\n  \n']);
    const { rows: third } = await client.query<{ id: number }>(insert, ['c', 'c@example.com', 'Migraine', null]);

    for (const name of migrations.filter((name) => name >= '0017')) await run(client, name);

    const items = async (sql: string) => (await client.query<{ user_id: number; words: string; status: string }>(sql)).rows;
    expect(await items('select user_id, name as words, clinical_status as status from conditions order by id')).toEqual([
      { user_id: first[0]!.id, words: 'Asthma', status: 'active' },
      { user_id: first[0]!.id, words: 'Type 2 diabetes', status: 'active' },
      { user_id: first[0]!.id, words: 'Asthma', status: 'active' },
      { user_id: third[0]!.id, words: 'Migraine', status: 'active' },
    ]);
    expect(await items('select user_id, substance as words, status from allergies order by id')).toEqual([
      { user_id: first[0]!.id, words: 'Penicillin, latex', status: 'active' },
    ]);
    expect(second[0]!.id).toBeGreaterThan(0);
    const { rows: columns } = await client.query(
      `select column_name from information_schema.columns where table_name = 'users' and column_name in ('existing_conditions', 'allergies')`,
    );
    expect(columns).toEqual([]);
  } finally {
    await client.close();
  }
}, 60_000);
