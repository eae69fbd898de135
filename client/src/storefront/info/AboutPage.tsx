import { CtaBanner } from '../../ui/CtaBanner';
import { Icon, type IconName } from '../../ui/Icon';
import { PageHero } from '../../ui/PageHero';
import { PageTitle } from '../../ui/PageTitle';
import { TeamAvatar, type AvatarLook } from './TeamAvatar';
import './info.css';
import { ORDER_MINUTES_CAPITALIZED } from '../../ui/order-time';

const FACTS = [
  { value: '2-12', label: 'the ages we write for' },
  { value: '8', label: 'life lessons to choose from' },
  { value: '24 h', label: 'to deliver a digital book' },
  { value: '7 days', label: 'to ask for a free revision' },
];

const TIMELINE = [
  {
    year: '2020',
    title: 'A bedtime idea',
    text: 'Our founder writes and draws a story starring her daughter, to help her feel brave about starting school. Friends start asking for one of their own.',
  },
  {
    year: '2021',
    title: 'Our first storybooks',
    text: 'A small team of writers and illustrators comes together, and the first digital comic books reach families by e-mail.',
  },
  {
    year: '2022',
    title: 'Printed hardcovers',
    text: 'Premium printed storybooks arrive: thick, wipe-clean pages, shipped to families across the United States and Canada.',
  },
  {
    year: '2023',
    title: 'Eight life lessons',
    text: 'The lessons grow to eight, from kindness to gratitude, and printed books gain four illustration styles.',
  },
];

const TEAM: { name: string; role: string; bio: string; look: AvatarLook }[] = [
  {
    name: 'Emma Collins',
    role: 'Founder & Storyteller',
    bio: 'Wrote the very first story for her daughter, and still reads new stories aloud before they go out.',
    look: { background: '#f1eaff', skin: '#f2c7a5', hair: '#8a4b2a', shirt: '#6c3ce1', hairStyle: 'long' },
  },
  {
    name: 'Marcus Reid',
    role: 'Lead Illustrator',
    bio: 'A picture-book artist who makes sure every child on the page looks unmistakably like themselves.',
    look: { background: '#e6f6f2', skin: '#a8704a', hair: '#2b2540', shirt: '#3fb6a8', hairStyle: 'short', glasses: true },
  },
  {
    name: 'Aisha Okafor',
    role: 'Education Advisor',
    bio: 'A former elementary school teacher who shapes each life lesson for the age it is written for.',
    look: { background: '#fff1d6', skin: '#7a4a2e', hair: '#1f1a2e', shirt: '#ff7a59', hairStyle: 'curly' },
  },
  {
    name: 'Sofia Alvarez',
    role: 'Customer Happiness',
    bio: 'Answers your messages and follows every printed book until it reaches your door.',
    look: { background: '#fff1e6', skin: '#d9a47c', hair: '#3b2418', shirt: '#ffb627', hairStyle: 'bun' },
  },
];

const VALUES: { icon: IconName; tone: string; title: string; text: string }[] = [
  {
    icon: 'heart',
    tone: 'icon-badge--coral',
    title: 'Every child is the hero',
    text: 'Children of every background, look and ability deserve to see themselves on the page.',
  },
  {
    icon: 'shield',
    tone: 'icon-badge--mint',
    title: 'Privacy first',
    text: 'Photos are used only to make your book, stripped of location data, and deleted 7 days after it is delivered.',
  },
  {
    icon: 'palette',
    tone: '',
    title: 'Made with care',
    text: 'Writers and illustrators craft every story for one child; no two books are the same.',
  },
  {
    icon: 'leaf',
    tone: 'icon-badge--sun',
    title: 'Lessons that last',
    text: 'Stories that gently grow kindness, courage and honesty, long after the last page.',
  },
];

export function AboutPage() {
  return (
    <>
      <PageTitle>About Us</PageTitle>
      <PageHero eyebrow="Our story" title="About Us">
        <p>We are a small team of parents, writers and illustrators who believe every child should get to be the hero.</p>
      </PageHero>

      <section className="section" aria-labelledby="mission-title">
        <div className="container mission">
          <div className="mission__text">
            <p className="section__eyebrow">Our mission</p>
            <h2 id="mission-title" className="section__title">
              Stories That Help Children Believe in Themselves
            </h2>
            <p className="mission__body">
              When children see themselves as the brave, kind hero of a story, something changes: they read more eagerly, they
              talk about the lesson, and they carry a little of that hero with them.
            </p>
            <p className="mission__body">
              We make that moment possible for every family, with books that are personal, beautifully made and safe to order.
            </p>
          </div>
          <ul className="mission__facts">
            {FACTS.map((fact) => (
              <li key={fact.label} className="mission__fact">
                <span className="mission__fact-value">{fact.value}</span>
                <span className="mission__fact-label">{fact.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="journey-title">
        <div className="container">
          <header className="section__header">
            <h2 id="journey-title" className="section__title">
              Our Journey
            </h2>
            <p className="section__lead">From one bedtime story to books for families across North America.</p>
          </header>
          <ol className="timeline">
            {TIMELINE.map((entry) => (
              <li key={entry.year} className="timeline__item">
                <span className="timeline__marker timeline__marker--year">{entry.year}</span>
                <div className="timeline__card card">
                  <h3 className="card__title">{entry.title}</h3>
                  <p className="card__text">{entry.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section" aria-labelledby="team-title">
        <div className="container">
          <header className="section__header">
            <h2 id="team-title" className="section__title">
              Meet the Team
            </h2>
            <p className="section__lead">The people who write, draw, check and send every book.</p>
          </header>
          <ul className="team">
            {TEAM.map((member) => (
              <li key={member.name} className="team__member card">
                <TeamAvatar look={member.look} />
                <h3 className="team__name">{member.name}</h3>
                <p className="team__role">{member.role}</p>
                <p className="card__text">{member.bio}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--warm" aria-labelledby="values-title">
        <div className="container">
          <header className="section__header">
            <h2 id="values-title" className="section__title">
              What We Believe
            </h2>
          </header>
          <ul className="card-grid card-grid--four">
            {VALUES.map((value) => (
              <li key={value.title} className="card">
                <span className={`icon-badge ${value.tone}`}>
                  <Icon name={value.icon} size={26} />
                </span>
                <h3 className="card__title">{value.title}</h3>
                <p className="card__text">{value.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CtaBanner
        title="Let's Make Your Child the Hero"
        text={`${ORDER_MINUTES_CAPITALIZED} from you, a little magic from us, and a story your child will ask for again and again.`}
      />
    </>
  );
}
