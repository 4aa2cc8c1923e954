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

    for (const name of migrations.filter((name) => name >= '0011')) await run(client, name);

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
