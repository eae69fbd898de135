/** Proofs for the tests that need a printed book to be printable: send one, and have the parent approve it. */
import type { GraphQLClient, UploadFile } from './graphql-client';
import { REAL_PDF } from './pdfs';

export const SEND_PROOF = `mutation($orderId: ID!, $proof: Upload!) {
  sendProof(orderId: $orderId, proof: $proof) {
    order { id } proof { id version status bytes url sentBy } userErrors { code field message }
  }
}`;
export const APPROVE_PROOF = `mutation($token: String!, $version: Int!) {
  approveProof(token: $token, version: $version) { order { canAnswerProof proof { version status } } userErrors { code field message } }
}`;

export const proofFile = (data: Buffer = REAL_PDF): UploadFile => ({ name: 'proof.pdf', type: 'application/pdf', data });

/** Sends a proof of the order (as `admin`) and approves it (as the parent with `token`); fails the test if either is refused. */
export async function approvedProof(admin: GraphQLClient, parent: GraphQLClient, orderId: string, token: string): Promise<void> {
  const sent = await admin.upload(SEND_PROOF, { orderId }, { proof: proofFile() });
  if (sent.data?.sendProof.userErrors.length !== 0) throw new Error(`sendProof refused: ${JSON.stringify(sent)}`);
  const approved = await parent.query(APPROVE_PROOF, { token, version: sent.data.sendProof.proof.version });
  if (approved.data?.approveProof.userErrors.length !== 0) throw new Error(`approveProof refused: ${JSON.stringify(approved)}`);
}
