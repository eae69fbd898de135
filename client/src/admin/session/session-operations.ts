import { graphql } from '../../gql';

/** Who is signed in: the admin, or null. */
export const ME_QUERY = graphql(`
  query AdminMe {
    me {
      id
      email
      role
    }
  }
`);

/** Signs in; the server sets the httpOnly session cookie. Refusals come back as userErrors. */
export const LOGIN_MUTATION = graphql(`
  mutation AdminLogin($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      admin {
        id
        email
        role
      }
      userErrors {
        field
        message
      }
    }
  }
`);

/** Ends the session on the server and clears the cookie. */
export const LOGOUT_MUTATION = graphql(`
  mutation AdminLogout {
    logout
  }
`);
