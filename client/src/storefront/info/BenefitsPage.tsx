import { CtaBanner } from '../../ui/CtaBanner';
import { Icon, type IconName } from '../../ui/Icon';
import { PageHero } from '../../ui/PageHero';
import { PageTitle } from '../../ui/PageTitle';
import './info.css';

const BENEFITS: { icon: IconName; tone: string; title: string; text: string }[] = [
  {
    icon: 'smile',
    tone: 'icon-badge--sun',
    title: 'Builds confidence',
    text: 'Seeing themselves solve problems and be brave on the page helps children believe they can do it in real life.',
  },
  {
    icon: 'book',
    tone: '',
    title: 'Makes reading exciting',
    text: 'A story starring them turns reluctant readers into children who ask for "just one more page".',
  },
  {
    icon: 'heart',
    tone: 'icon-badge--coral',
    title: 'Teaches values gently',
    text: 'Kindness, honesty and courage land better inside an adventure than in a lecture.',
  },
  {
    icon: 'lightbulb',
    tone: 'icon-badge--mint',
    title: 'Sparks imagination',
    text: 'Children who star in one story start inventing the next, at the table, in the car and at bedtime.',
  },
  {
    icon: 'users',
    tone: 'icon-badge--sky',
    title: 'Brings families together',
    text: 'Reading their book side by side opens easy conversations about feelings, friends and choices.',
  },
  {
    icon: 'gift',
    tone: 'icon-badge--sun',
    title: 'A keepsake to treasure',
    text: 'A book made for one child becomes a memory of who they were at that age, to keep for years.',
  },
];

/** Illustrative views of the kind shared by people who work with children; not attributed to real individuals. */
const QUOTES = [
  {
    text: 'Children pay closer attention when the main character shares their name and face, and that attention is where early reading skills grow.',
    role: "A children's literacy specialist",
  },
  {
    text: 'Stories let children rehearse courage and kindness somewhere safe, long before they need them on the playground.',
    role: 'A child-development specialist',
  },
  {
    text: 'A book about themselves gives shy children an easy way to talk about what they feel.',
    role: 'An elementary school teacher',
  },
];

const AGE_GROUPS = [
  {
    range: 'Ages 2-4',
    title: 'Little listeners',
    text: 'Short, rhythmic sentences and big, bright pictures, made for reading aloud together.',
    points: [
      'Simple lessons like kindness and sharing',
      'Repetition little ones love to join in with',
      'A calm ending for bedtime',
    ],
  },
  {
    range: 'Ages 5-7',
    title: 'Early readers',
    text: 'Clear sentences they can start reading themselves, with an adventure that keeps pages turning.',
    points: ['Courage, honesty and friendship', 'Words sized for first reading', 'A proud "I read it myself!" moment'],
  },
  {
    range: 'Ages 8-12',
    title: 'Independent readers',
    text: 'A richer plot and vocabulary, with a hero who makes real choices and lives with them.',
    points: ['Responsibility and perseverance', 'Bigger challenges and twists', 'Room to talk about the choices made'],
  },
];

export function BenefitsPage() {
  return (
    <>
      <PageTitle>Benefits of Personalized Storybooks</PageTitle>
      <PageHero eyebrow="Why it matters" title="Benefits of Personalized Storybooks">
        <p>
          A story where your child is the hero does more than delight: it builds confidence, a love of reading and values that
          last.
        </p>
      </PageHero>

      <section className="section" aria-labelledby="benefits-title">
        <div className="container">
          <header className="section__header">
            <h2 id="benefits-title" className="section__title">
              Six Ways a Personal Story Helps
            </h2>
          </header>
          <ul className="card-grid">
            {BENEFITS.map((benefit) => (
              <li key={benefit.title} className="card">
                <span className={`icon-badge ${benefit.tone}`}>
                  <Icon name={benefit.icon} size={26} />
                </span>
                <h3 className="card__title">{benefit.title}</h3>
                <p className="card__text">{benefit.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="experts-title">
        <div className="container">
          <header className="section__header">
            <h2 id="experts-title" className="section__title">
              What People Who Work With Children Say
            </h2>
          </header>
          <ul className="quotes">
            {QUOTES.map((quote) => (
              <li key={quote.role}>
                <figure className="quote">
                  <blockquote>
                    <p>{quote.text}</p>
                  </blockquote>
                  <figcaption>{quote.role}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="ages-title">
        <div className="container">
          <header className="section__header">
            <h2 id="ages-title" className="section__title">
              A Story for Every Age
            </h2>
            <p className="section__lead">We fit the length, words and lesson to the age you tell us.</p>
          </header>
          <ul className="card-grid">
            {AGE_GROUPS.map((group) => (
              <li key={group.range} className="card">
                <span className="age-group__range">{group.range}</span>
                <h3 className="card__title">{group.title}</h3>
                <p className="card__text">{group.text}</p>
                <ul className="age-group__list">
                  {group.points.map((point) => (
                    <li key={point}>
                      <Icon name="check" size={18} />
                      <span>{point}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CtaBanner
        title="Give Your Child a Story of Their Own"
        text="Pick the lesson that matters to your family today. Digital within 24 hours; printed in 7-10 business days."
      />
    </>
  );
}
