// Issue 14: surveys and votes (EN sections). Portable like 0011: ids through createTableWithId(), ISO-8601 text
// timestamps, 0/1 flags. The one invariant that matters most lives here: UNIQUE(poll_id, seat_key) on the
// ballots, so one dwelling (votación) or one person (encuesta) has one ballot whatever arrives at once.
import { createTableWithId, type MigrationDb } from '../migrationHelpers';

export async function up(db: MigrationDb): Promise<void> {
  // Each dwelling's share of the property in parts per million (src/api/polls.ts INDIVISO_WHOLE); 0 until set.
  await db.schema
    .alterTable('apartments')
    .addColumn('indiviso', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // kind: encuesta | votacion; counting: persona | vivienda | indiviso; state: pollLifecycle.ts POLL_STATES.
  // opens_at/closes_at: ISO UTC. fixed_at: when the electorate was fixed (null until the poll first opened).
  // results_notified: the closing told those who may see the results (once).
  await createTableWithId(db, 'polls')
    .addColumn('condo_id', 'integer', (c) => c.notNull().references('condominiums.id').onDelete('cascade'))
    .addColumn('section_id', 'integer', (c) => c.notNull().references('sections.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('counting', 'text', (c) => c.notNull())
    .addColumn('secret', 'integer', (c) => c.notNull())
    .addColumn('changeable', 'integer', (c) => c.notNull())
    .addColumn('quorum', 'integer')
    .addColumn('opens_at', 'text', (c) => c.notNull())
    .addColumn('closes_at', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('proposer_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('fixed_at', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('results_notified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('polls_section').on('polls').columns(['section_id', 'opens_at']).execute();
  await db.schema.createIndex('polls_condo_state').on('polls').columns(['condo_id', 'state']).execute();

  await createTableWithId(db, 'poll_questions')
    .addColumn('poll_id', 'integer', (c) => c.notNull().references('polls.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('maximo', 'integer')
    .execute();
  await db.schema.createIndex('poll_questions_poll').on('poll_questions').columns(['poll_id', 'position']).execute();

  // clave: the stored key of a sino option (si | no | abstencion), null for the others.
  await createTableWithId(db, 'poll_options')
    .addColumn('question_id', 'integer', (c) => c.notNull().references('poll_questions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('clave', 'text')
    .execute();
  await db.schema.createIndex('poll_options_question').on('poll_options').columns(['question_id', 'position']).execute();

  // The bytes live in `files`, as a request's attachments do.
  await createTableWithId(db, 'poll_attachments')
    .addColumn('poll_id', 'integer', (c) => c.notNull().references('polls.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('poll_attachments_poll').on('poll_attachments').column('poll_id').execute();

  // The electorate fixed when the poll opened: one row per seat ('A:<apartmentId>' or 'U:<userId>') with its
  // name, weight and arrears then. Later changes to dwellings, the ledger or people never touch these rows.
  await createTableWithId(db, 'poll_electorate')
    .addColumn('poll_id', 'integer', (c) => c.notNull().references('polls.id').onDelete('cascade'))
    .addColumn('seat_key', 'text', (c) => c.notNull())
    .addColumn('apartment_id', 'integer', (c) => c.references('apartments.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addColumn('barred', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('debt_cents', 'integer')
    .addColumn('debt_days', 'integer')
    .execute();
  await db.schema.createIndex('poll_electorate_seat').on('poll_electorate').columns(['poll_id', 'seat_key']).unique().execute();

  // One ballot per seat: the unique index is the invariant (two members of a dwelling voting at once keep one).
  // receipt: the voter's code to check the ballot is counted (unique everywhere, so a code names one ballot).
  await createTableWithId(db, 'poll_ballots')
    .addColumn('poll_id', 'integer', (c) => c.notNull().references('polls.id').onDelete('cascade'))
    .addColumn('seat_key', 'text', (c) => c.notNull())
    .addColumn('apartment_id', 'integer', (c) => c.references('apartments.id').onDelete('set null'))
    .addColumn('cast_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('receipt', 'text', (c) => c.notNull().unique())
    .addColumn('cast_at', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('poll_ballots_seat').on('poll_ballots').columns(['poll_id', 'seat_key']).unique().execute();

  // What a ballot chose: an option (unica, multiple, sino) or a text (abierta).
  await createTableWithId(db, 'poll_choices')
    .addColumn('ballot_id', 'integer', (c) => c.notNull().references('poll_ballots.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('poll_questions.id').onDelete('cascade'))
    .addColumn('option_id', 'integer', (c) => c.references('poll_options.id').onDelete('cascade'))
    .addColumn('text', 'text')
    .execute();
  await db.schema.createIndex('poll_choices_ballot').on('poll_choices').column('ballot_id').execute();

  // Who cast or changed a ballot, and when (kind voto | cambio); never what it chose.
  await createTableWithId(db, 'poll_ballot_history')
    .addColumn('ballot_id', 'integer', (c) => c.notNull().references('poll_ballots.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('poll_ballot_history_ballot').on('poll_ballot_history').column('ballot_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  const attached = await db.selectFrom('poll_attachments').select('file_id').execute();
  for (const table of [
    'poll_ballot_history',
    'poll_choices',
    'poll_ballots',
    'poll_electorate',
    'poll_attachments',
    'poll_options',
    'poll_questions',
    'polls',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('apartments').dropColumn('indiviso').execute();
  if (attached.length > 0) {
    await db
      .deleteFrom('files')
      .where(
        'id',
        'in',
        attached.map((a: { file_id: number }) => a.file_id),
      )
      .execute();
  }
}
