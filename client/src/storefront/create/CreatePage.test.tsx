import { ApolloClient, InMemoryCache } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

import { siteApolloClient } from '../../apollo-provider';
import { siteDataForBuild } from '../../prerender/render-page';
import { provideSiteData } from '../../site-data';
import { checkPhoto } from './check-photo';
import type * as CheckPhotoModule from './check-photo';
import { CreatePage } from './CreatePage';
import { CREATE_ORDER_MUTATION } from './order-form-operations';
import { catalogueMock } from '../../../../test/support/client/storefront/catalogue-mock';

// The photo check as it is, unless a test holds it back to play a slow device.
jest.mock('./check-photo', () => {
  const actual = jest.requireActual<typeof CheckPhotoModule>('./check-photo');
  return { ...actual, checkPhoto: jest.fn(actual.checkPhoto) };
});

// Apollo Client's own chunk, which the form loads when no client is provided around it (the page
// as it is served): a test says what loading it gives.
jest.mock('../../apollo-provider', () => ({ siteApolloClient: jest.fn() }));

/** Holds the next photo check until the test lets it answer (what checkPhoto would have). */
function holdNextPhotoCheck() {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const actual = jest.requireActual<typeof CheckPhotoModule>('./check-photo');
  jest.mocked(checkPhoto).mockImplementationOnce(async (...args) => {
    await held;
    return actual.checkPhoto(...args);
  });
  return release;
}

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const pngFile = (name = 'mia.png', size = 256) =>
  new File([new Uint8Array(PNG_HEAD), new Uint8Array(size - PNG_HEAD.length)], name, { type: 'image/png' });

/** Shows where the app is, so a test can read the URL it navigated to. */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/**
 * The form at `url`, with a mocked client around it answering `mocks`; with `mocks` null, none, as
 * the page is served (the form then loads Apollo Client's own chunk, mocked below, when it needs it).
 */
function renderCreate(url: string, mocks: MockLink.MockedResponse[] | null = []) {
  const user = userEvent.setup();
  const page = (
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/create" element={<CreatePage />} />
        <Route path="/payment" element={<p>Payment page</p>} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>
  );
  render(mocks ? <MockedProvider mocks={[catalogueMock, ...mocks]}>{page}</MockedProvider> : page);
  return { user };
}

/** The send failed: its message, no overlay, and the form as the parent left it, ready to send again. */
async function expectFormKeptWith(message: string) {
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  expect(screen.queryByText('Processing Your Order')).not.toBeInTheDocument();
  expect(submitButton()).toBeEnabled();
  expect(screen.getByLabelText("Child's name")).toHaveValue('  Mia  ');
}

const currentUrl = () => screen.getByTestId('location').textContent;

const submitButton = () => screen.getByRole('button', { name: "Create My Child's Storybook" });
const alertText = () => screen.getByRole('alert').textContent;

/**
 * Until the form takes input: its fields stay disabled until this browser's draft, if any, is
 * restored, and what is typed or pressed before then does nothing.
 */
const formOpen = () => waitFor(() => expect(submitButton()).toBeEnabled());

/** The photo field, once the form is open. */
async function openPhotoField(): Promise<HTMLInputElement> {
  await formOpen();
  return (await screen.findByLabelText("Child's photo")) as HTMLInputElement;
}

async function fillDigitalOrder(user: ReturnType<typeof userEvent.setup>, photo = pngFile()) {
  await openPhotoField();
  await user.type(screen.getByLabelText("Child's name"), '  Mia  ');
  await user.type(screen.getByLabelText('Age'), '6');
  await user.type(screen.getByLabelText('Story idea (optional)'), 'Mia finds a lost puppy');
  await user.click(screen.getByRole('radio', { name: 'Kindness' }));
  await user.type(screen.getByLabelText('Email'), ' Parent@Example.com ');
  await user.upload(screen.getByLabelText("Child's photo"), photo);
  await screen.findByRole('img', { name: "Preview of your child's photo" });
  await user.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
}

const createOrderMock = (
  result: MockLink.MockedResponse['result'],
  seen: { variables?: Record<string, unknown>; calls: number },
): MockLink.MockedResponse => ({
  request: {
    query: CREATE_ORDER_MUTATION,
    // The photo is a File: match on the rest and keep what was sent to assert on it.
    variables: (variables: Record<string, unknown>) => {
      seen.variables = variables;
      return true;
    },
  },
  result: (variables: Record<string, unknown>) => {
    seen.calls += 1;
    seen.variables = variables;
    return typeof result === 'function' ? result(variables) : result!;
  },
  delay: 20,
});

const orderCreated = {
  data: {
    createOrder: {
      __typename: 'CreateOrderPayload',
      orderId: 'order-123',
      checkoutToken: 'token-abc',
      order: { __typename: 'CheckoutOrder', id: 'order-123', amountCents: 2500, currency: 'USD', bookFormat: 'digital' },
      userErrors: [],
    },
  },
};

beforeEach(() => {
  sessionStorage.clear();
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

describe('CreatePage', () => {
  it('shows the heading at once and the form from the catalogue, digital by default', async () => {
    renderCreate('/create');
    expect(screen.getByRole('heading', { level: 1, name: "Create Your Child's Storybook" })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'Digital Comic Book' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Premium Printed Storybook' })).not.toBeChecked();
    for (const lesson of [
      'Kindness',
      'Courage',
      'Honesty',
      'Friendship',
      'Responsibility',
      'Perseverance',
      'Patience',
      'Gratitude',
    ]) {
      expect(screen.getByRole('radio', { name: lesson })).not.toBeChecked();
    }
    // Prices and delivery come from the catalogue and are read out with each format.
    expect(screen.getByRole('radio', { name: 'Digital Comic Book' })).toHaveAccessibleDescription(
      '$25 one-time Delivered by e-mail within 24 hours',
    );
    expect(screen.getByRole('radio', { name: 'Premium Printed Storybook' })).toHaveAccessibleDescription(
      /^Most Popular \$50 one-time Printed and shipped in 7-10 business days/,
    );
    expect(screen.getByText('Coming soon: More personalized life lessons')).toBeInTheDocument();
    expect(screen.getByLabelText("Child's photo")).toHaveAttribute('accept', '.jpg,.jpeg,.png,image/jpeg,image/png');
    expect(screen.getByLabelText('Age')).toHaveAttribute('min', '2');
    expect(screen.getByLabelText('Age')).toHaveAttribute('max', '12');
    expect(screen.queryByLabelText('Street address')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Superhero' })).not.toBeInTheDocument();
  });

  it('leaves the e-mail address unchecked by the spelling checker, which would mark every address as a misspelling', async () => {
    renderCreate('/create');
    expect(await screen.findByLabelText('Email')).toHaveAttribute('spellcheck', 'false');
  });

  it('asks "Did you mean …@gmail.com?" when the e-mail looks mistyped, and takes the fix in one tap', async () => {
    const user = userEvent.setup();
    renderCreate('/create');
    await formOpen();
    const email = await screen.findByLabelText('Email');
    await user.type(email, 'mia.parent@gmial.com');
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
    await user.tab();
    // Said by a polite live region, and tied to the field.
    const hint = document.getElementById('email-suggestion')!;
    expect(hint).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(hint).toHaveTextContent('Did you mean mia.parent@gmail.com? Yes, use it'));
    expect(email).toHaveAccessibleDescription(/Did you mean mia\.parent@gmail\.com ?\?/);
    await user.click(screen.getByRole('button', { name: 'Yes, use it' }));
    expect(email).toHaveValue('mia.parent@gmail.com');
    expect(email).toHaveFocus();
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();

    // A domain as meant gets no hint; typing again takes a shown one away.
    await user.clear(email);
    await user.type(email, 'mia@gmial.com');
    await user.tab();
    expect(await screen.findByText(/Did you mean/)).toBeInTheDocument();
    await user.type(email, 'x');
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'mia@school.edu');
    await user.tab();
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
  });

  it('preselects printed from ?type=printed and reveals the style and the shipping address', async () => {
    renderCreate('/create?type=printed');
    expect(await screen.findByRole('radio', { name: 'Premium Printed Storybook' })).toBeChecked();
    for (const style of ['Classic', 'Adventure', 'Fairytale', 'Superhero']) {
      expect(screen.getByRole('radio', { name: style })).toBeInTheDocument();
    }
    expect(screen.getByRole('radio', { name: 'Classic' })).toBeChecked();
    for (const label of ['Full name', 'Street address', 'Apartment, suite, unit (optional)', 'City', 'State', 'ZIP code']) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
    expect(screen.getByLabelText('Phone (optional)')).toHaveAccessibleDescription(/Deleted once the book ships/);
    const country = screen.getByLabelText('Country');
    expect(country).toHaveValue('United States');
    expect([...(country as HTMLSelectElement).options].map((option) => option.text)).toEqual(['United States', 'Canada']);
    expect(screen.getByText('Shipping currently limited to North America')).toBeInTheDocument();
    // Shipping is in the price, and the book's arrival is given as dates, worked out once the
    // page is in the browser (after its first render), so awaited.
    expect(
      await screen.findByText(
        /^Shipping included\. Arrives between \w{3}, \w{3} \d+ and \w{3}, \w{3} \d+ \(7-10 business days\)\.$/,
      ),
    ).toBeInTheDocument();
  });

  it("offers the country's own states or provinces and postal code, and checks the code and the phone", async () => {
    const { user } = renderCreate('/create?type=printed');
    await formOpen();
    const state = (await screen.findByLabelText('State')) as HTMLSelectElement;
    expect(state.options).toHaveLength(53);
    expect([...state.options].map((option) => option.text)).toContain('District of Columbia');
    await user.selectOptions(state, 'OR');
    // Another country: its regions, its postal code's name, and no state of the other's left chosen.
    await user.selectOptions(screen.getByLabelText('Country'), 'Canada');
    const province = screen.getByLabelText('Province or territory') as HTMLSelectElement;
    expect(province).toHaveValue('');
    expect([...province.options].map((option) => option.value)).toContain('ON');
    expect(screen.getByLabelText('Postal code')).toBeInTheDocument();
    expect(screen.queryByLabelText('ZIP code')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText("Child's name"), 'Mia');
    await user.type(screen.getByLabelText('Age'), '6');
    await user.click(screen.getByRole('radio', { name: 'Courage' }));
    await user.type(screen.getByLabelText('Email'), 'parent@example.com');
    await user.upload(screen.getByLabelText("Child's photo"), pngFile());
    await screen.findByRole('img', { name: "Preview of your child's photo" });
    await user.type(screen.getByLabelText('Full name'), 'Sam Parent');
    await user.type(screen.getByLabelText('Street address'), '1 Maple Ave');
    await user.type(screen.getByLabelText('City'), 'Toronto');
    await user.selectOptions(province, 'ON');
    const postal = screen.getByLabelText('Postal code');
    await user.type(postal, '1');
    await user.click(submitButton());
    expect(alertText()).toBe('Please enter a valid postal code, like K1A 0B6.');
    expect(postal).toHaveFocus();
    expect(postal).toHaveAttribute('aria-invalid', 'true');
    await user.clear(postal);
    await user.type(postal, 'm5v2t6');
    const phone = screen.getByLabelText('Phone (optional)');
    await user.type(phone, '555-0123');
    await user.click(submitButton());
    expect(alertText()).toBe('Please enter a phone number with its area code, like 416-555-0123, or leave it blank.');
    expect(phone).toHaveFocus();
    await user.clear(phone);
    await user.type(phone, '(416) 555-0123');
    await user.click(submitButton());
    expect(alertText()).toBe('Please accept the terms and conditions.');
  });

  it('switching to digital hides the printed-only parts again', async () => {
    const { user } = renderCreate('/create?type=printed');
    await formOpen();
    await user.click(await screen.findByRole('radio', { name: 'Digital Comic Book' }));
    expect(screen.queryByLabelText('Street address')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Classic' })).not.toBeInTheDocument();
  });

  it('names the first problem in the spec order, one input at a time, and focuses the field to fix', async () => {
    const { user } = renderCreate('/create?type=printed');
    await formOpen();
    const expectProblem = async (message: string, focused?: HTMLElement) => {
      await user.click(submitButton());
      expect(alertText()).toBe(message);
      expect(screen.getAllByRole('alert')).toHaveLength(1);
      if (focused) expect(focused).toHaveFocus();
    };

    const name = await screen.findByLabelText("Child's name");
    await expectProblem("Please enter your child's name.", name);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await user.type(name, '   ');
    await expectProblem("Please enter your child's name.", name);
    await user.type(name, 'Mia');

    const age = screen.getByLabelText('Age');
    await expectProblem('Please enter a valid age between 2-12.', age);
    await user.type(age, '13');
    await expectProblem('Please enter a valid age between 2-12.', age);
    await user.clear(age);
    await user.type(age, '6');

    await expectProblem('Please select a life lesson to teach.', screen.getByRole('radio', { name: 'Kindness' }));
    await user.click(screen.getByRole('radio', { name: 'Courage' }));

    const email = screen.getByLabelText('Email');
    await expectProblem('Please enter a valid email address.', email);
    await user.type(email, 'parent@example');
    await expectProblem('Please enter a valid email address.', email);
    await user.type(email, '.com');

    await expectProblem('Please upload a photo of your child.', screen.getByLabelText("Child's photo"));
    await user.upload(screen.getByLabelText("Child's photo"), pngFile());
    await screen.findByRole('img', { name: "Preview of your child's photo" });

    await expectProblem('Please complete all shipping address fields.', screen.getByLabelText('Full name'));
    // Every blank address field is marked; the country has its default.
    for (const label of ['Full name', 'Street address', 'City', 'State', 'ZIP code']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(/Please complete all shipping address fields\./);
    }
    expect(screen.getByLabelText('Country')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Apartment, suite, unit (optional)')).not.toHaveAttribute('aria-invalid');
    await user.type(screen.getByLabelText('Full name'), 'Sam Parent');
    await user.type(screen.getByLabelText('Street address'), '12 Oak Street');
    await user.type(screen.getByLabelText('City'), 'Portland');
    await user.type(screen.getByLabelText('ZIP code'), '97201');
    await expectProblem('Please complete all shipping address fields.', screen.getByLabelText('State'));
    await user.selectOptions(screen.getByLabelText('State'), 'OR');

    const terms = screen.getByRole('checkbox', { name: 'I accept the terms and conditions' });
    await expectProblem('Please accept the terms and conditions.', terms);
  });

  it('takes the message away as soon as its field is fixed, and keeps marking the address fields still blank', async () => {
    const { user } = renderCreate('/create?type=printed');
    await formOpen();
    const name = await screen.findByLabelText("Child's name");
    await user.click(submitButton());
    expect(alertText()).toBe("Please enter your child's name.");
    // Said again under the field, where focus took the parent (hidden from screen readers, which hear the alert).
    const underField = name.parentElement!.querySelector('.field__problem');
    expect(underField).toHaveTextContent("Please enter your child's name.");
    expect(underField).toHaveAttribute('aria-hidden', 'true');
    await user.type(name, 'M');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(name.parentElement!.querySelector('.field__problem')).toBeNull();
    expect(name).not.toHaveAttribute('aria-invalid');

    // A message about several fields stays until the last of them is filled; those filled are no longer marked.
    await user.type(screen.getByLabelText('Age'), '6');
    await user.click(screen.getByRole('radio', { name: 'Courage' }));
    await user.type(screen.getByLabelText('Email'), 'parent@example.com');
    await user.upload(screen.getByLabelText("Child's photo"), pngFile());
    await screen.findByRole('img', { name: "Preview of your child's photo" });
    await user.click(submitButton());
    expect(alertText()).toBe('Please complete all shipping address fields.');
    await user.type(screen.getByLabelText('Full name'), 'Sam Parent');
    expect(alertText()).toBe('Please complete all shipping address fields.');
    expect(screen.getByLabelText('Full name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('City')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Street address'), '12 Oak Street');
    await user.type(screen.getByLabelText('City'), 'Portland');
    await user.selectOptions(screen.getByLabelText('State'), 'OR');
    await user.type(screen.getByLabelText('ZIP code'), '9');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // The ZIP code's own message goes once the code is a ZIP code, not at every keystroke.
    await user.click(submitButton());
    expect(alertText()).toBe('Please enter a valid ZIP code, like 12345 or 12345-6789.');
    await user.type(screen.getByLabelText('ZIP code'), '720');
    expect(alertText()).toBe('Please enter a valid ZIP code, like 12345 or 12345-6789.');
    await user.type(screen.getByLabelText('ZIP code'), '1');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('draws the lesson and format pictures as SVG icons, never as emoji a device may lack', async () => {
    renderCreate('/create');
    const kindness = await screen.findByRole('radio', { name: 'Kindness' });
    const form = kindness.closest('form')!;
    for (const name of ['Kindness', 'Courage', 'Patience', 'Gratitude', 'Digital Comic Book', 'Premium Printed Storybook']) {
      const card = screen.getByRole('radio', { name }).closest('label')!;
      expect(card.querySelector('.choice-card__icon svg')).not.toBeNull();
    }
    expect(form.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it('refuses a text file named .png the moment it is chosen, and keeps no photo', async () => {
    const { user } = renderCreate('/create');
    const input = await openPhotoField();
    await user.upload(input, new File(['just some text, not a picture'], 'kid.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please upload a JPEG or PNG image only.');
    expect(input.files).toHaveLength(0);
    expect(screen.queryByRole('img', { name: /preview/i })).not.toBeInTheDocument();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('refuses a PNG over 5 MB, then previews a good photo and clears the message', async () => {
    const { user } = renderCreate('/create');
    const input = await openPhotoField();
    await user.upload(input, pngFile('big.png', 5 * 1024 * 1024 + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('Image should be less than 5MB in size.');

    await user.upload(input, pngFile('mia.png'));
    const preview = await screen.findByRole('img', { name: "Preview of your child's photo" });
    expect(preview).toHaveAttribute('src', 'blob:preview');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('revokes the preview URL when the photo changes', async () => {
    const { user } = renderCreate('/create');
    const input = await openPhotoField();
    await user.upload(input, pngFile('first.png'));
    await screen.findByRole('img', { name: /preview/i });
    await user.upload(input, pngFile('second.png'));
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview'));
    expect((input as HTMLInputElement).files?.[0]?.name).toBe('second.png');
  });

  it('sends a valid digital order once, shows the overlay, stores the session and goes to payment after 500 ms', async () => {
    const seen: { variables?: Record<string, unknown>; calls: number } = { calls: 0 };
    const { user } = renderCreate('/create?type=digital', [createOrderMock(orderCreated, seen)]);
    const photo = pngFile();
    await fillDigitalOrder(user, photo);

    await user.dblClick(submitButton());
    expect(await screen.findByText('Processing Your Order')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();

    await waitFor(() => expect(sessionStorage.getItem('paymentOrderId')).toBe('order-123'));
    expect(sessionStorage.getItem('redirectingToPayment')).toBe('true');
    expect(sessionStorage.getItem('checkoutToken')).toBe('token-abc');
    // Still on the form with the overlay up until the delay has passed.
    expect(currentUrl()).toBe('/create?type=digital');
    expect(screen.getByRole('status')).toHaveTextContent('Processing Your Order');

    await screen.findByText('Payment page');
    expect(currentUrl()).toBe('/payment?orderId=order-123&amount=25&format=digital');
    expect(seen.calls).toBe(1);
    expect(seen.variables).toEqual({
      input: {
        childName: 'Mia',
        childAge: 6,
        moral: 'Kindness',
        storyIdea: 'Mia finds a lost puppy',
        email: 'Parent@Example.com',
        bookFormat: 'digital',
      },
      childPhoto: photo,
    });
    expect(seen.variables?.childPhoto).toBeInstanceOf(File);
  });

  it('waits for a photo still being checked when the order is sent, then sends it once', async () => {
    const seen: { variables?: Record<string, unknown>; calls: number } = { calls: 0 };
    const { user } = renderCreate('/create?type=digital', [createOrderMock(orderCreated, seen)]);
    await formOpen();
    await user.type(await screen.findByLabelText("Child's name"), 'Mia');
    await user.type(screen.getByLabelText('Age'), '6');
    await user.click(screen.getByRole('radio', { name: 'Kindness' }));
    await user.type(screen.getByLabelText('Email'), 'parent@example.com');
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    const release = holdNextPhotoCheck();
    const photo = pngFile();
    await user.upload(screen.getByLabelText("Child's photo"), photo);

    // Sent twice while the photo is checked: no "Please upload a photo", and nothing sent yet.
    await user.click(submitButton());
    await user.click(screen.getByRole('button', { name: 'Checking your photo...' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(seen.calls).toBe(0);

    release();
    await screen.findByText('Payment page');
    expect(seen.calls).toBe(1);
    expect(seen.variables?.childPhoto).toBe(photo);
  });

  it('sends nothing when the photo being checked is refused, and says why', async () => {
    const seen: { variables?: Record<string, unknown>; calls: number } = { calls: 0 };
    const { user } = renderCreate('/create?type=digital', [createOrderMock(orderCreated, seen)]);
    await formOpen();
    await user.type(await screen.findByLabelText("Child's name"), 'Mia');
    const release = holdNextPhotoCheck();
    await user.upload(screen.getByLabelText("Child's photo"), new File(['not a picture'], 'kid.png', { type: 'image/png' }));
    await user.click(submitButton());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    release();
    await waitFor(() => expect(alertText()).toBe('Please upload a JPEG or PNG image only.'));
    expect(seen.calls).toBe(0);
    expect(currentUrl()).toBe('/create?type=digital');
  });

  it('neither sends an order nor keeps the photo when the parent starts over while it is checked', async () => {
    const seen: { variables?: Record<string, unknown>; calls: number } = { calls: 0 };
    const { user } = renderCreate('/create?type=digital', [createOrderMock(orderCreated, seen)]);
    await formOpen();
    await user.type(await screen.findByLabelText("Child's name"), 'Mia');
    const release = holdNextPhotoCheck();
    await user.upload(screen.getByLabelText("Child's photo"), pngFile());
    await user.click(submitButton());
    await user.click(screen.getByRole('button', { name: 'Start over' }));

    release();
    // The photo does not come back into the emptied form, and the press made before is forgotten.
    await expect(screen.findByRole('img', { name: "Preview of your child's photo" }, { timeout: 500 })).rejects.toThrow();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(submitButton()).toBeInTheDocument();
    await user.click(submitButton());
    expect(alertText()).toBe("Please enter your child's name.");
    expect(seen.calls).toBe(0);
  });

  it('sends the style and the trimmed address for a printed order', async () => {
    const seen: { variables?: Record<string, unknown>; calls: number } = { calls: 0 };
    const printedCreated = {
      data: {
        createOrder: {
          ...orderCreated.data.createOrder,
          order: { ...orderCreated.data.createOrder.order, amountCents: 5000, bookFormat: 'printed' },
        },
      },
    };
    const { user } = renderCreate('/create', [createOrderMock(printedCreated, seen)]);
    await formOpen();
    await user.click(await screen.findByRole('radio', { name: 'Premium Printed Storybook' }));
    await user.click(screen.getByRole('radio', { name: 'Superhero' }));
    await user.type(screen.getByLabelText("Child's name"), 'Leo');
    await user.type(screen.getByLabelText('Age'), '9');
    await user.click(screen.getByRole('radio', { name: 'Gratitude' }));
    await user.type(screen.getByLabelText('Email'), 'leo.parent@example.com');
    await user.upload(screen.getByLabelText("Child's photo"), pngFile('leo.png'));
    await screen.findByRole('img', { name: /preview/i });
    await user.type(screen.getByLabelText('Full name'), ' Ana Parent ');
    await user.type(screen.getByLabelText('Street address'), '1 Maple Ave');
    await user.type(screen.getByLabelText('City'), 'Toronto');
    await user.selectOptions(screen.getByLabelText('Country'), 'Canada');
    await user.type(screen.getByLabelText('Apartment, suite, unit (optional)'), 'Unit 4');
    await user.selectOptions(screen.getByLabelText('Province or territory'), 'ON');
    await user.type(screen.getByLabelText('Postal code'), 'M5V 2T6');
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    await user.click(submitButton());

    await screen.findByText('Payment page');
    expect(currentUrl()).toBe('/payment?orderId=order-123&amount=50&format=printed');
    expect(seen.variables?.input).toEqual({
      childName: 'Leo',
      childAge: 9,
      moral: 'Gratitude',
      storyIdea: '',
      email: 'leo.parent@example.com',
      bookFormat: 'printed',
      bookStyle: 'superhero',
      shippingAddress: {
        fullName: 'Ana Parent',
        streetAddress: '1 Maple Ave',
        addressLine2: 'Unit 4',
        city: 'Toronto',
        state: 'ON',
        zipCode: 'M5V 2T6',
        country: 'Canada',
        phone: '',
      },
    });
  });

  it("shows the server's message, closes the overlay and keeps everything typed", async () => {
    const seen: { variables?: Record<string, unknown>; calls: number } = { calls: 0 };
    const refused = {
      data: {
        createOrder: {
          __typename: 'CreateOrderPayload',
          orderId: null,
          checkoutToken: null,
          order: null,
          userErrors: [{ __typename: 'UserError', field: 'childPhoto', message: 'Please upload a JPEG or PNG image only.' }],
        },
      },
    };
    const { user } = renderCreate('/create?type=digital', [createOrderMock(refused, seen)]);
    await fillDigitalOrder(user);
    await user.click(submitButton());

    await expectFormKeptWith('Please upload a JPEG or PNG image only.');
    expect(screen.getByLabelText('Age')).toHaveValue(6);
    // An e-mail input strips surrounding spaces itself; what the parent typed is otherwise kept.
    expect(screen.getByLabelText('Email')).toHaveValue('Parent@Example.com');
    expect(screen.getByRole('radio', { name: 'Kindness' })).toBeChecked();
    expect(screen.getByRole('img', { name: /preview/i })).toBeInTheDocument();
    expect(screen.getByLabelText("Child's photo")).toHaveFocus();
    expect(sessionStorage.getItem('paymentOrderId')).toBeNull();
    expect(currentUrl()).toBe('/create?type=digital');
  });

  it('says so plainly when the network fails', async () => {
    const failing: MockLink.MockedResponse = {
      request: { query: CREATE_ORDER_MUTATION, variables: () => true },
      error: new Error('Failed to fetch'),
    };
    const { user } = renderCreate('/create?type=digital', [failing]);
    await fillDigitalOrder(user);
    await user.click(submitButton());

    await expectFormKeptWith('An error occurred. Please try again.');
  });

  it("says so plainly when Apollo Client's code cannot be loaded, keeps the form, and sends once when it comes", async () => {
    // The page as it is served: the catalogue in the page, no client around the form, whose code
    // fails to arrive (offline for a moment) until the test lets it.
    provideSiteData(siteDataForBuild());
    const seen: { variables?: Record<string, unknown>; calls: number } = { calls: 0 };
    let loaded: ApolloClient | null = null;
    jest.mocked(siteApolloClient).mockImplementation(() => {
      if (!loaded) throw new Error('Failed to fetch dynamically imported module');
      return loaded;
    });
    try {
      const { user } = renderCreate('/create?type=digital', null);
      await fillDigitalOrder(user);
      await user.click(submitButton());
      await expectFormKeptWith('An error occurred. Please try again.');

      loaded = new ApolloClient({ cache: new InMemoryCache(), link: new MockLink([createOrderMock(orderCreated, seen)]) });
      await user.dblClick(submitButton());
      await screen.findByText('Payment page');
      expect(currentUrl()).toBe('/payment?orderId=order-123&amount=25&format=digital');
      expect(seen.calls).toBe(1);
    } finally {
      jest.mocked(siteApolloClient).mockReset();
      provideSiteData(null);
    }
  });

  it('renders the form on its first render from the catalogue the page came with, asking the server nothing', async () => {
    // The prerendered page's site data: its hydration must render the same form, not a spinner.
    provideSiteData(siteDataForBuild());
    // A query with no mocked answer would only be warned about.
    const warn = jest.spyOn(console, 'warn');
    try {
      render(
        <MockedProvider mocks={[]}>
          <MemoryRouter initialEntries={['/create']}>
            <CreatePage />
          </MemoryRouter>
        </MockedProvider>,
      );
      expect(screen.getByLabelText("Child's name")).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: /Printed/ })).toBeInTheDocument();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      // Then any draft is restored, and the form opens.
      await waitFor(() => expect(submitButton()).toBeEnabled());
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      provideSiteData(null);
    }
  });

  it('offers to try again when the catalogue cannot be loaded, and then shows the form', async () => {
    const user = userEvent.setup();
    render(
      <MockedProvider mocks={[{ request: catalogueMock.request, error: new Error('offline') }, catalogueMock]}>
        <MemoryRouter initialEntries={['/create']}>
          <CreatePage />
        </MemoryRouter>
      </MockedProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load the order form right now.");
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("Create Your Child's Storybook");

    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByLabelText("Child's name")).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
