import { graphql } from '../../gql';

/** After a change (not after a refusal) the panel reads the order again, and the list its rows. */
export const STUDIO_REFRESH = ['AdminOrderDetail', 'AdminOrders'];

/** Who has the order and the staff's notes about it: the panel's Studio section. */
export const ORDER_STUDIO_FIELDS = graphql(`
  fragment OrderStudio on Order {
    id
    status
    bookFormat
    childDataDeletedAt
    proofs {
      id
      version
      status
      sentAt
      sentBy
      answeredAt
      answeredBy
      message
      remindedAt
      url
    }
    assignee {
      id
      email
    }
    notes {
      id
      text
      authorEmail
      createdAt
    }
  }
`);

/** The active admins an order can be given to. */
export const ASSIGNABLE_ADMINS_QUERY = graphql(`
  query AssignableAdmins {
    admins {
      id
      email
      disabledAt
    }
  }
`);

export const ASSIGN_ORDER_MUTATION = graphql(`
  mutation AssignOrder($orderId: ID!, $adminId: ID) {
    assignOrder(orderId: $orderId, adminId: $adminId) {
      orderId
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const SEND_PROOF_MUTATION = graphql(`
  mutation SendProof($orderId: ID!, $proof: Upload!) {
    sendProof(orderId: $orderId, proof: $proof) {
      proof {
        id
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const APPROVE_PROOF_FOR_PARENT_MUTATION = graphql(`
  mutation ApproveProofForParent($orderId: ID!, $version: Int!, $note: String!) {
    approveProofForParent(orderId: $orderId, version: $version, note: $note) {
      proof {
        id
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const ADD_ORDER_NOTE_MUTATION = graphql(`
  mutation AddOrderNote($orderId: ID!, $text: String!) {
    addOrderNote(orderId: $orderId, text: $text) {
      note {
        id
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const ANSWER_CHANGE_MUTATION = graphql(`
  mutation AnswerChangeRequest($orderId: ID!, $reply: String!) {
    answerChangeRequest(orderId: $orderId, reply: $reply) {
      order {
        id
        changeRequest {
          message
        }
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const DECLINE_CHANGE_MUTATION = graphql(`
  mutation DeclineChangeRequest($orderId: ID!, $reason: String!) {
    declineChangeRequest(orderId: $orderId, reason: $reason) {
      order {
        id
        changeRequest {
          message
        }
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);
