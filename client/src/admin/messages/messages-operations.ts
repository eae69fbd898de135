import { graphql } from '../../gql';

export const CONTACT_MESSAGES_QUERY = graphql(`
  query ContactMessages {
    contactMessages {
      id
      name
      email
      orderReference
      message
      createdAt
      answeredAt
      answeredBy
    }
  }
`);

export const MARK_CONTACT_MESSAGE_ANSWERED_MUTATION = graphql(`
  mutation MarkContactMessageAnswered($id: ID!) {
    markContactMessageAnswered(id: $id) {
      message {
        id
        answeredAt
        answeredBy
      }
      userErrors {
        field
        message
      }
    }
  }
`);
