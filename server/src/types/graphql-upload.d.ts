// graphql-upload 17 ships JSDoc-typed ESM only; these are the parts we use.
declare module 'graphql-upload/GraphQLUpload.mjs' {
  import type { GraphQLScalarType } from 'graphql';
  const GraphQLUpload: GraphQLScalarType;
  export default GraphQLUpload;
}

declare module 'graphql-upload/graphqlUploadExpress.mjs' {
  import type { RequestHandler } from 'express';
  import type { IncomingMessage, ServerResponse } from 'node:http';
  export interface UploadOptions {
    maxFieldSize?: number;
    maxFileSize?: number;
    maxFiles?: number;
    /** Parses the request instead of graphql-upload's own parser, with the options above. */
    processRequest?: (
      request: IncomingMessage,
      response: ServerResponse,
      options: { maxFieldSize?: number; maxFileSize?: number; maxFiles?: number },
    ) => Promise<unknown>;
  }
  export default function graphqlUploadExpress(options?: UploadOptions): RequestHandler;
}

declare module 'graphql-upload/processRequest.mjs' {
  import type { Readable } from 'node:stream';
  export interface FileUpload {
    filename: string;
    mimetype: string;
    encoding: string;
    createReadStream(options?: { encoding?: BufferEncoding; highWaterMark?: number }): Readable;
  }
}

declare module 'graphql-upload/Upload.mjs' {
  import type { FileUpload } from 'graphql-upload/processRequest.mjs';
  /** A file variable's placeholder: the `Upload` scalar resolves to its promise. */
  export default class Upload {
    promise: Promise<FileUpload>;
    file?: FileUpload;
    resolve(file: FileUpload): void;
    reject(error: Error): void;
  }
}
