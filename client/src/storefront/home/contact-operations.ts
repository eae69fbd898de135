import { graphql } from '../../gql';

/** Loaded with the first message (ContactSection.tsx), so the operations map stays out of the first load. */
export const SEND_CONTACT_MESSAGE_MUTATION = graphql(`
  mutation SendContactMessage($input: ContactMessageInput!) {
    sendContactMessage(input: $input) {
      sent
      userErrors {
        field
        message
      }
    }
  }
`);
