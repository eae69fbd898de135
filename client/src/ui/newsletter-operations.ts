import { graphql } from '../gql';

/** Loaded with the first sign-up (ui/NewsletterForm.tsx), so the operations map stays out of the first load. */
export const SUBSCRIBE_NEWSLETTER_MUTATION = graphql(`
  mutation SubscribeNewsletter($email: String!) {
    subscribeNewsletter(email: $email) {
      subscribed
      userErrors {
        field
        message
      }
    }
  }
`);
