import { Arg, Field, ID, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { OwnerOnly } from '../graphql/auth-checker';
import type { JobRunner } from '../jobs/job-runner';

@ObjectType({ description: 'A background job that used all its tries: it will not run again by itself.' })
export class FailedJob {
  @Field(() => ID)
  id: string;

  @Field({ description: 'e.g. photo-retention.' })
  name: string;

  @Field(() => Int)
  attempts: number;

  @Field(() => String, { nullable: true, description: 'What its last try threw.' })
  lastError: string | null;

  @Field()
  failedAt: Date;
}

/** What an admin (or an operator through the API) sees of the background jobs. */
@Resolver()
export class BackgroundJobsResolver {
  private readonly jobs: JobRunner;

  constructor(services: { jobs: JobRunner }) {
    this.jobs = services.jobs;
  }

  @OwnerOnly()
  @Query(() => [FailedJob], { description: 'Owners only. Background jobs that used all their tries, newest first.' })
  failedJobs(@Arg('first', () => Int, { defaultValue: 50, description: '1 to 100.' }) first: number): Promise<FailedJob[]> {
    return this.jobs.failedJobs(Math.min(100, Math.max(1, first)));
  }
}
