/** Real HTTP requests to /graphql: JSON, and multipart uploads per the GraphQL multipart spec. */

export interface GraphQLResponse<T = Record<string, any>> {
  status: number;
  data?: T;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
  setCookie: string[];
}

export interface UploadFile {
  name: string;
  type: string;
  data: Buffer;
}

export class GraphQLClient {
  /** The session cookie, kept like a browser would. */
  cookie: string | undefined;

  /** `headers`: sent with every request (an X-Forwarded-For, say). */
  constructor(
    readonly url: string,
    readonly headers: Record<string, string> = {},
  ) {}

  private async read<T>(response: Response): Promise<GraphQLResponse<T>> {
    const setCookie = response.headers.getSetCookie();
    for (const header of setCookie) {
      const [pair] = header.split(';');
      const [name, value] = pair.split('=');
      if (name.includes('storybook_session')) this.cookie = value ? `${name}=${value}` : undefined;
    }
    const text = await response.text();
    let body: { data?: T; errors?: GraphQLResponse<T>['errors'] } = {};
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`Not JSON (${response.status}): ${text.slice(0, 300)}`);
    }
    return { status: response.status, data: body.data, errors: body.errors, setCookie };
  }

  async query<T = Record<string, any>>(query: string, variables: Record<string, unknown> = {}): Promise<GraphQLResponse<T>> {
    const response = await fetch(`${this.url}/graphql`, {
      method: 'POST',
      headers: { ...this.headers, 'content-type': 'application/json', ...(this.cookie ? { cookie: this.cookie } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return this.read<T>(response);
  }

  /** One multipart request: `files` maps a variable path (e.g. "childPhoto") to a file. */
  async upload<T = Record<string, any>>(
    query: string,
    variables: Record<string, unknown>,
    files: Record<string, UploadFile>,
  ): Promise<GraphQLResponse<T>> {
    const form = new FormData();
    const vars = { ...variables };
    const map: Record<string, string[]> = {};
    Object.keys(files).forEach((variable, index) => {
      vars[variable] = null;
      map[String(index)] = [`variables.${variable}`];
    });
    form.append('operations', JSON.stringify({ query, variables: vars }));
    form.append('map', JSON.stringify(map));
    Object.values(files).forEach((file, index) => {
      form.append(String(index), new Blob([file.data], { type: file.type }), file.name);
    });
    const response = await fetch(`${this.url}/graphql`, {
      method: 'POST',
      headers: { ...this.headers, 'Apollo-Require-Preflight': 'true', ...(this.cookie ? { cookie: this.cookie } : {}) },
      body: form,
    });
    return this.read<T>(response);
  }
}
