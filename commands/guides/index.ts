import type { Feature, FeatureDeps, FeatureServices } from '../../src/bot/feature.js';
import { DRIVER_CONTACTS, DRIVER_GUIDES } from '../../src/bot/ports.js';
import { provide } from '../../src/bot/registry.js';
import { lazy } from '../../src/lazy.js';
import { createDispatchRepo } from './dispatches.js';
import { createDriverGuides } from './driver-guides.js';
import { createDispatchFollowUps } from './follow-ups.js';
import { guia } from './guia.js';
import { guiaxml } from './guiaxml.js';
import { guideMigrations } from './migrations.js';
import { DISPATCH, GUIDE_PDF, GUIDE_SENDS, type GuidePdfPort } from './port.js';
import { createGuideSendsRepo } from './sends.js';

/**
 * The PDF renderer (pdfkit, the fonts), loaded on first use: it parses fonts, so building the app
 * stays cheap; a load that fails rejects that render and is tried again by the next one.
 */
function lazyGuidePdf(): GuidePdfPort {
  const port = lazy(() => import('./pdf/delivery-guide.js').then((m) => m.createGuidePdfRenderer()));
  return {
    async render(guide) {
      return (await port()).render(guide);
    },
  };
}

/**
 * The PDF, the send limits and, with delivery tracking (WhatsApp), the dispatches: tracked sends
 * to the drivers, one follow-up per `guia … enviar`, the guides sent to each driver.
 */
function guideServices(deps: FeatureDeps): FeatureServices {
  const { config, tracking } = deps;
  const now = () => deps.now().getTime();
  const sends = createGuideSendsRepo(
    deps.db,
    () => config.guides,
    deps.deliveries,
    () => deps.now(),
  );
  const provides = [provide(GUIDE_PDF, lazyGuidePdf()), provide(GUIDE_SENDS, sends)];
  if (!tracking) return { provides };
  const dispatches = createDispatchRepo(deps.db);
  const followUps = createDispatchFollowUps({
    tracking,
    deliveries: deps.deliveries,
    dispatches,
    contacts: () => deps.registry.get(DRIVER_CONTACTS),
    templates: deps.templates,
    send: (chatId, message) => deps.send(chatId, message),
    logger: deps.logger,
    now,
    reportAfterMs: (config.whatsapp.delivery?.reportAfterMinutes ?? 10) * 60_000,
    ...(deps.alerts ? { alerts: deps.alerts } : {}),
  });
  return {
    provides: [
      ...provides,
      provide(DISPATCH, followUps),
      provide(DRIVER_GUIDES, createDriverGuides(dispatches, deps.deliveries)),
    ],
  };
}

/**
 * `guia <ref>` (summary and printable PDF; `enviar`: the PDF to its registered drivers, then one
 * follow-up of what arrived) and `guiaxml <ref>`. The drivers come from `DRIVERS` (the drivers
 * feature); the delivery states from the platform's tracker.
 */
export const guides: Feature = {
  name: 'guides',
  commands: [guia, guiaxml],
  migrations: guideMigrations,
  services: guideServices,
};
