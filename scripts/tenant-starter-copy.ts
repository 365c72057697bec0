/**
 * The starter copy `npm run tenant:new` writes for a new tenant, per language: SEO texts, plans,
 * every required content page and a first blog article. Every page names the company; the
 * operator rewrites it in the tenant's voice.
 */
import type { REQUIRED_PAGES } from '#app/lib/config/content';
import type { Language } from '#app/lib/config/tenant';

export interface StarterCopy {
  seoTitle: string;
  seoDescription: string;
  plans: Array<{ name: string; features: string[] }>;
  pages: Record<(typeof REQUIRED_PAGES)[number], string>;
  blog: string;
}

const q = (s: string) => JSON.stringify(s);

/** The starter copy in one language, naming the company throughout. */
export function starterCopy(lang: Language, name: string): StarterCopy {
  if (lang === 'es') {
    return {
      seoTitle: `${name}: eventos en vivo con tu marca`,
      seoDescription: `Programa, transmite y vende eventos en vivo con chat, preguntas y grabación en la nube, con la marca de ${name}.`,
      plans: [
        { name: 'Inicial', features: ['Hasta 100 asistentes', 'Chat y preguntas', 'Grabación en la nube (10 h)'] },
        { name: 'Profesional', features: ['Hasta 1,000 asistentes', 'Tienda y donaciones', 'Grabación en la nube (100 h)'] },
        { name: 'Empresa', features: ['Asistentes ilimitados', 'Acompañamiento dedicado'] },
      ],
      pages: {
        home: `---
title: ${q(`Eventos en vivo con la marca de ${name}`)}
description: ${q(`Programa transmisiones, conversa con tu audiencia y comparte las grabaciones, todo en un sitio con el nombre de ${name}.`)}
eyebrow: ${q(name)}
primaryCta:
  label: "Solicita una demostración"
  to: "/requestInfo?topic=demo"
secondaryCta:
  label: "Conoce las funciones"
  to: "/features"
---

## Eventos que se sienten cercanos

${name} reúne video en vivo, chat moderado y preguntas del público en una sola sala, sin instalar nada.

## Graba y vuelve a compartir

Cada evento puede grabarse en la nube y publicarse después como video bajo demanda.

## Cobra de forma segura

Vende entradas, productos y consultas con un pago alojado por el proveedor: los datos de tarjeta nunca pasan por este sitio.
`,
        aboutUs: page('Acerca de nosotros', `Quiénes somos en ${name}.`, `${name} organiza eventos en vivo para su comunidad. Escríbenos a {{contactEmail}} para conocernos.`),
        company: page('Empresa', `Datos de ${name}.`, `{{companyName}} opera el sitio {{domain}}. Contacto: {{contactEmail}}.`),
        products: page('Productos', `Lo que ofrece ${name}.`, `${name} ofrece eventos en vivo, grabaciones y contenido exclusivo. Consulta los [planes](/pricing).`),
        features: page('Funciones', `Todo lo que incluye ${name}.`, `Salas de video en vivo, chat con moderación, preguntas del público, grabación en la nube y pagos alojados.`),
        solutions: page('Soluciones', `Para quién es ${name}.`, `Clases, conferencias, lanzamientos y encuentros con la comunidad: ${name} se adapta a cada formato.`),
        platform: page('Plataforma', `Cómo funciona ${name}.`, `${name} funciona en el navegador, en computadoras, tabletas y teléfonos, sin descargas.`),
        services: page('Servicios', `Acompañamiento de ${name}.`, `El equipo de ${name} te ayuda a preparar, ensayar y producir tus eventos.`),
        support: page('Soporte', `Ayuda de ${name}.`, `Revisa las [preguntas frecuentes](/questions) o escríbenos a {{contactEmail}}.`),
        questions: `---
title: "Preguntas frecuentes"
description: ${q(`Respuestas rápidas sobre ${name}.`)}
---

## ¿Necesito instalar algo para asistir?

No. Los eventos de ${name} funcionan en cualquier navegador moderno.

## ¿Los eventos se graban?

Cuando el organizador activa la grabación, el video queda disponible después del evento.

## ¿Cómo se protegen mis pagos?

El pago se hace en la página alojada del proveedor de pagos; los datos de tarjeta nunca pasan por ${name}.

## ¿Con quién hablo si tengo un problema?

Escríbenos a {{contactEmail}}.
`,
        cdeVerified: page('Pagos seguros', `Cómo protege ${name} tus pagos.`, `${name} usa un proceso de pago alojado: los datos de tarjeta se capturan en la página del proveedor de pagos y nunca llegan a nuestros servidores.`),
      },
      blog: article('Bienvenidos', `${name} abre su sitio de eventos en vivo.`, `Bienvenidos al nuevo sitio de ${name}. Aquí publicaremos los próximos eventos y sus grabaciones.`, name),
    };
  }
  if (lang === 'fr') {
    return {
      seoTitle: `${name} : vos événements en direct, à votre image`,
      seoDescription: `Programmez, diffusez et vendez des événements en direct avec chat, questions et enregistrement, aux couleurs de ${name}.`,
      plans: [
        { name: 'Essentiel', features: ["Jusqu'à 100 participants", 'Chat et questions', 'Enregistrement cloud (10 h)'] },
        { name: 'Pro', features: ["Jusqu'à 1 000 participants", 'Boutique et dons', 'Enregistrement cloud (100 h)'] },
        { name: 'Entreprise', features: ['Participants illimités', 'Accompagnement dédié'] },
      ],
      pages: {
        home: `---
title: ${q(`Des événements en direct aux couleurs de ${name}`)}
description: ${q(`Programmez vos diffusions, échangez avec votre public et partagez les enregistrements, sur un site au nom de ${name}.`)}
eyebrow: ${q(name)}
primaryCta:
  label: "Demander une démonstration"
  to: "/requestInfo?topic=demo"
secondaryCta:
  label: "Découvrir les fonctionnalités"
  to: "/features"
---

## Des rencontres qui rapprochent

${name} réunit vidéo en direct, chat modéré et questions du public dans une seule salle, sans installation.

## Enregistrer et partager

Chaque événement peut être enregistré dans le cloud puis publié en replay.

## Encaisser en toute sécurité

Billets, produits et consultations se paient sur la page hébergée du prestataire de paiement : les données de carte ne transitent jamais par ce site.
`,
        aboutUs: page('À propos', `Qui sommes-nous chez ${name}.`, `${name} organise des événements en direct pour sa communauté. Écrivez-nous à {{contactEmail}}.`),
        company: page("L'entreprise", `Informations sur ${name}.`, `{{companyName}} édite le site {{domain}}. Contact : {{contactEmail}}.`),
        products: page('Offres', `Ce que propose ${name}.`, `${name} propose des événements en direct, des replays et des contenus exclusifs. Voir les [tarifs](/pricing).`),
        features: page('Fonctionnalités', `Tout ce qu'inclut ${name}.`, `Salles vidéo en direct, chat modéré, questions du public, enregistrement cloud et paiement hébergé.`),
        solutions: page('Solutions', `Pour qui est ${name}.`, `Cours, conférences, lancements et rencontres : ${name} s'adapte à chaque format.`),
        platform: page('Plateforme', `Comment fonctionne ${name}.`, `${name} fonctionne dans le navigateur, sur ordinateur, tablette et téléphone, sans téléchargement.`),
        services: page('Services', `L'accompagnement ${name}.`, `L'équipe ${name} vous aide à préparer, répéter et produire vos événements.`),
        support: page('Assistance', `L'aide ${name}.`, `Consultez les [questions fréquentes](/questions) ou écrivez-nous à {{contactEmail}}.`),
        questions: `---
title: "Questions fréquentes"
description: ${q(`Réponses rapides sur ${name}.`)}
---

## Faut-il installer quelque chose pour participer ?

Non. Les événements ${name} fonctionnent dans tout navigateur récent.

## Les événements sont-ils enregistrés ?

Lorsque l'organisateur active l'enregistrement, le replay est disponible après l'événement.

## Comment mes paiements sont-ils protégés ?

Le paiement a lieu sur la page hébergée du prestataire ; vos données de carte ne transitent jamais par ${name}.

## Qui contacter en cas de problème ?

Écrivez-nous à {{contactEmail}}.
`,
        cdeVerified: page('Paiement sécurisé', `Comment ${name} protège vos paiements.`, `${name} utilise un paiement hébergé : les données de carte sont saisies sur la page du prestataire de paiement et n'atteignent jamais nos serveurs.`),
      },
      blog: article('Bienvenue', `${name} ouvre son site d'événements en direct.`, `Bienvenue sur le nouveau site de ${name}. Nous y publierons nos prochains événements et leurs replays.`, name),
    };
  }
  return {
    seoTitle: `${name}: live events on your own brand`,
    seoDescription: `Schedule, stream and sell live events with chat, Q&A and cloud recording, branded as ${name}.`,
    plans: [
      { name: 'Starter', features: ['Up to 100 attendees', 'Chat and Q&A', 'Cloud recording (10 h)'] },
      { name: 'Pro', features: ['Up to 1,000 attendees', 'Shop and donations', 'Cloud recording (100 h)'] },
      { name: 'Enterprise', features: ['Unlimited attendees', 'Dedicated support'] },
    ],
    pages: {
      home: `---
title: ${q(`Live events, branded as ${name}`)}
description: ${q(`Schedule broadcasts, talk with your audience and share the recordings, all on a site that carries the ${name} name.`)}
eyebrow: ${q(name)}
primaryCta:
  label: "Book a demo"
  to: "/requestInfo?topic=demo"
secondaryCta:
  label: "See the features"
  to: "/features"
---

## Events that feel close

${name} brings live video, moderated chat and audience questions into one room, with nothing to install.

## Record and share again

Every event can be recorded to the cloud and published afterwards as video on demand.

## Take payments safely

Sell tickets, products and consultations through the payment provider's hosted checkout: card data never passes through this site.
`,
      aboutUs: page('About us', `Who we are at ${name}.`, `${name} runs live events for its community. Write to us at {{contactEmail}} to get to know us.`),
      company: page('Company', `Facts about ${name}.`, `{{companyName}} operates {{domain}}. Contact: {{contactEmail}}.`),
      products: page('Products', `What ${name} offers.`, `${name} offers live events, recordings and members-only content. See the [plans](/pricing).`),
      features: page('Features', `Everything ${name} includes.`, `Live video rooms, moderated chat, audience Q&A, cloud recording and hosted payments.`),
      solutions: page('Solutions', `Who ${name} is for.`, `Classes, conferences, launches and community meetups: ${name} adapts to each format.`),
      platform: page('Platform', `How ${name} works.`, `${name} runs in the browser on computers, tablets and phones, with no downloads.`),
      services: page('Services', `Help from the ${name} team.`, `The ${name} team helps you plan, rehearse and produce your events.`),
      support: page('Support', `Getting help with ${name}.`, `Read the [frequently asked questions](/questions) or write to {{contactEmail}}.`),
      questions: `---
title: "Frequently asked questions"
description: ${q(`Quick answers about ${name}.`)}
---

## Do I need to install anything to attend?

No. ${name} events run in any modern browser.

## Are events recorded?

When the organizer turns recording on, the video is available after the event.

## How are my payments protected?

You pay on the payment provider's hosted page; card data never passes through ${name}.

## Who do I contact if something goes wrong?

Write to {{contactEmail}}.
`,
      cdeVerified: page('Secure payments', `How ${name} protects your payments.`, `${name} uses hosted checkout: card details are entered on the payment provider's page and never reach our servers.`),
    },
    blog: article('Welcome', `${name} opens its live events site.`, `Welcome to the new ${name} site. Upcoming events and their recordings will be published here.`, name),
  };
}

function page(title: string, description: string, body: string): string {
  return `---\ntitle: ${q(title)}\ndescription: ${q(description)}\n---\n\n${body}\n`;
}

function article(title: string, summary: string, body: string, author: string): string {
  const date = new Date().toISOString().slice(0, 10);
  return `---\ntitle: ${q(title)}\ndate: ${q(date)}\nsummary: ${q(summary)}\nauthor: ${q(author)}\n---\n\n${body}\n`;
}
