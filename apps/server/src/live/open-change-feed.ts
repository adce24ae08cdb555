// The change feed that fits the database: across processes on PostgreSQL, in process on SQLite.
import type { Db } from '../db/database.js';
import { InProcessChangeFeed, type ChangeFeed } from './change-feed.js';
import { PostgresChangeFeed } from './pg-change-feed.js';

export function openChangeFeed(db: Db): ChangeFeed {
  return db.postgresUrl ? new PostgresChangeFeed(db, db.postgresUrl) : new InProcessChangeFeed();
}
