/**
 * SQL for "now" as the TIMESTAMP(3) due times keep it (jobs' run_at, schedules' next_run_at, the
 * e-mail outbox's next_attempt_at): cut to the millisecond rather than rounded. now() stored in
 * such a column is rounded to the nearest millisecond, up to half of one ahead of the clock, and a
 * row queued so was not yet due to a worker that asked within it, which then waited a whole poll.
 */
export const NOW_MS = `date_trunc('milliseconds', now())`;
