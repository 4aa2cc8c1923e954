import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres, redactUrl } from '../server/db/client';
import { databaseUrl, DEFAULT_TEST_DATABASE_URL } from './test-database-config';

/**
 * Migrates a template database once; each test file then gets its own copy with CREATE DATABASE … TEMPLATE,
 * which takes milliseconds and runs the real migrations only once.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`PostgreSQL is not reachable at ${redactUrl(adminUrl)}: ${(error as Error).message}`, { cause: error });
  }
  const template = `healthassist_template_${process.pid}`;
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const migrated = await openPostgres(databaseUrl(adminUrl, template), 1);
  await migrated.close();
  project.provide('testDatabase', { kind: 'postgres', adminUrl, template });

  return async () => {
    await admin.query(`drop database if exists ${template}`);
    await admin.end();
  };
}
