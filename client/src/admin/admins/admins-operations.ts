import { graphql } from '../../gql';

export const ADMINS_QUERY = graphql(`
  query AdminsList {
    admins {
      id
      email
      role
      createdAt
      lastLoginAt
      disabledAt
    }
  }
`);

export const INVITE_ADMIN_MUTATION = graphql(`
  mutation InviteAdmin($email: String!, $role: AdminRole!) {
    inviteAdmin(email: $email, role: $role) {
      invitation {
        email
        role
        expiresAt
        link
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const DISABLE_ADMIN_MUTATION = graphql(`
  mutation DisableAdmin($adminId: ID!) {
    disableAdmin(adminId: $adminId) {
      admin {
        id
        disabledAt
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const ENABLE_ADMIN_MUTATION = graphql(`
  mutation EnableAdmin($adminId: ID!) {
    enableAdmin(adminId: $adminId) {
      admin {
        id
        disabledAt
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const CHANGE_PASSWORD_MUTATION = graphql(`
  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {
    changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {
      admin {
        id
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const ADMIN_INVITATION_QUERY = graphql(`
  query AdminInvitation($token: String!) {
    adminInvitation(token: $token) {
      email
    }
  }
`);

export const ACCEPT_INVITATION_MUTATION = graphql(`
  mutation AcceptAdminInvitation($token: String!, $password: String!) {
    acceptAdminInvitation(token: $token, password: $password) {
      admin {
        id
        email
        role
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const PENDING_INVITATIONS_QUERY = graphql(`
  query PendingAdminInvitations {
    adminInvitations {
      id
      email
      createdAt
      expiresAt
      invitedBy
      role
    }
  }
`);

export const REVOKE_INVITATION_MUTATION = graphql(`
  mutation RevokeAdminInvitation($invitationId: ID!) {
    revokeAdminInvitation(invitationId: $invitationId) {
      invitationId
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const SET_ADMIN_ROLE_MUTATION = graphql(`
  mutation SetAdminRole($adminId: ID!, $role: AdminRole!) {
    setAdminRole(adminId: $adminId, role: $role) {
      admin {
        id
        role
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);
