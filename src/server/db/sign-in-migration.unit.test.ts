import { PGlite } from '@electric-sql/pglite';
import { expect, it } from 'vitest';
import { migrationNames as migrations, runMigration as run } from '../../testing/migrations';
import { hashPassphrase, verifyPassphrase } from '../auth/passphrase';

// Migration 0011 makes users.password_hash null until a passphrase is set (ADR 17): the random, unusable hashes the
// first run and the seed stored before become null; a hash of auth/passphrase.ts's form is kept as it was.

it('turns the unusable hashes stored before into "no passphrase", and keeps a real one', async () => {
  const client = await PGlite.create();
  try {
    for (const name of migrations.filter((name) => name < '0011')) await run(client, name);
    const real = await hashPassphrase('correct horse battery staple');
    const insert = 'insert into users (username, password_hash, display_name, email) values ($1, $2, $1, $1) returning id';
    await client.query(insert, ['first-run', 'scrypt$c2FsdA==$a2V5']);
    await client.query(insert, ['with-passphrase', real]);

    for (const name of migrations.filter((name) => name >= '0011' && name < '0014')) await run(client, name);

    const { rows } = await client.query<{ username: string; password_hash: string | null }>('select username, password_hash from users order by id');
    expect(rows).toEqual([
      { username: 'first-run', password_hash: null },
      { username: 'with-passphrase', password_hash: real },
    ]);
    expect(await verifyPassphrase('correct horse battery staple', rows[1]!.password_hash!)).toBe(true);
    await client.query(insert, ['later', null]);
  } finally {
    await client.close();
  }
}, 60_000);

// Migration 0014 (ADR 21): the way in is not data. Each patient row's hash moves to an account of the same id, which
// the sessions, codes and access log of that row now belong to; deleting the patient row leaves them.
it('moves each patient’s passphrase and sign-in rows to an account of the same id, apart from the record', async () => {
  const client = await PGlite.create();
  try {
    for (const name of migrations.filter((name) => name < '0014')) await run(client, name);
    const real = await hashPassphrase('correct horse battery staple');
    const insert = 'insert into users (username, password_hash, display_name, email) values ($1, $2, $1, $1) returning id';
    const [{ id: withPassphrase }] = (await client.query<{ id: number }>(insert, ['with-passphrase', real])).rows as [{ id: number }];
    await client.query(insert, ['without', null]);
    await client.query(`insert into sessions (id_hash, user_id, patient_id, created_at, expires_at) values ('h', $1, $1, now() - interval '1 hour', now() + interval '1 day')`, [withPassphrase]);
    await client.query(`insert into access_events (user_id, kind) values ($1, 'signed_in')`, [withPassphrase]);

    for (const name of migrations.filter((name) => name >= '0014')) await run(client, name);

    const accounts = await client.query<{ id: number; password_hash: string | null }>('select id, password_hash from accounts order by id');
    expect(accounts.rows).toEqual([
      { id: withPassphrase, password_hash: real },
      { id: withPassphrase + 1, password_hash: null },
    ]);
    // An open session proved who held it at its sign-in, not at the migration.
    const [session] = (await client.query<{ fresh: boolean }>('select proved_at = created_at as fresh from sessions')).rows;
    expect(session).toEqual({ fresh: true });
    await client.query('delete from users where id = $1', [withPassphrase]);
    expect((await client.query('select 1 from sessions')).rows).toHaveLength(1);
    expect((await client.query('select 1 from access_events')).rows).toHaveLength(1);
    // A later account is not refused for an id the migration took.
    expect((await client.query<{ id: number }>('insert into accounts default values returning id')).rows[0]!.id).toBe(withPassphrase + 2);
  } finally {
    await client.close();
  }
}, 60_000);
