import { PGlite } from '@electric-sql/pglite';
import { expect, it } from 'vitest';
import { migrationNames as migrations, runMigration as run } from '../../testing/migrations';

// Migration 0018 (issue 34): a vaccine care item that was done (an earlier FHIR import made each Immunization one)
// becomes an immunization given on the day it was last done; the care items stay, and nothing is added twice.

it('makes each vaccine care item that was done an immunization of its last day, once, and leaves the care items', async () => {
  const client = await PGlite.create();
  try {
    for (const name of migrations.filter((name) => name < '0018')) await run(client, name);
    const { rows: users } = await client.query<{ id: number }>(`insert into users (username, display_name, email) values ('a', 'a', 'a@example.com'), ('b', 'b', 'b@example.com') returning id`);
    const [first, second] = users.map((user) => user.id);
    const care = `insert into preventative_care (user_id, care_name, due_date, status, last_completed) values ($1, $2, $3, $4, $5)`;
    await client.query(care, [first, 'Influenza, seasonal, injectable, preservative free', '2019-10-01', 'completed', '2019-10-01']);
    await client.query(care, [first, ' Tdap ', '2015-03-02', 'completed', '2015-03-02']);
    await client.query(care, [first, 'Flu Shot', '2027-10-01', 'upcoming', '2026-10-01']);
    await client.query(care, [first, 'Colonoscopy', '2020-01-01', 'completed', '2020-01-01']);
    await client.query(care, [first, 'Shingrix', '2027-01-01', 'upcoming', null]);
    await client.query(care, [second, 'Pneumococcal conjugate PCV 20', '2024-05-05', 'completed', '2024-05-05']);
    // One the list already has (completed since issue 34, which adds it there): not added a second time.
    await client.query(`insert into immunizations (user_id, vaccine, date) values ($1, 'Pneumococcal conjugate PCV 20', '2024-05-05')`, [second]);

    for (const name of migrations.filter((name) => name >= '0018')) await run(client, name);

    const { rows: given } = await client.query<{ user_id: number; vaccine: string; date: string }>(`select user_id, vaccine, to_char(date, 'YYYY-MM-DD') as date from immunizations order by id`);
    expect(given).toEqual([
      { user_id: second, vaccine: 'Pneumococcal conjugate PCV 20', date: '2024-05-05' },
      { user_id: first, vaccine: 'Tdap', date: '2015-03-02' },
      { user_id: first, vaccine: 'Influenza, seasonal, injectable, preservative free', date: '2019-10-01' },
      { user_id: first, vaccine: 'Flu Shot', date: '2026-10-01' },
    ]);
    const { rows: items } = await client.query<{ count: number }>(`select count(*)::int as count from preventative_care`);
    expect(items[0]!.count).toBe(6);
  } finally {
    await client.close();
  }
}, 60_000);
