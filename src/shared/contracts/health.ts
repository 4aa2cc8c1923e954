export interface Health {
  status: 'ok';
  database: 'pglite' | 'postgres';
}
