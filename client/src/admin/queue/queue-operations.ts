import { graphql } from '../../gql';

/** A page of the studio's queue, soonest due first, with the count of every reason. */
export const WORK_QUEUE_QUERY = graphql(`
  query WorkQueue($reason: WorkReason, $assignedToMe: Boolean, $first: Int, $after: String) {
    workQueue(reason: $reason, assignedToMe: $assignedToMe, first: $first, after: $after) {
      items {
        cursor
        reason
        dueAt
        overdue
        since
        assignee {
          id
          email
        }
        order {
          id
          childName
          bookFormat
          status
        }
      }
      counts {
        reason
        count
        overdue
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

/** Only the counts: the dashboard's "Needs action" line. */
export const WORK_COUNTS_QUERY = graphql(`
  query WorkCounts {
    workQueue(first: 1) {
      counts {
        reason
        count
        overdue
      }
    }
  }
`);
