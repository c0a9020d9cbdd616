import { describe, expect, it } from 'vitest';
import { mentionedDriver } from '../../../commands/drivers/mention.js';
import { createPeople } from '../../../src/app/people.js';
import { writtenMentions } from '../../../src/transports/ids.js';

/** Whom `chofer <dni> @Fulano` names: the written mention behind an id, never the bot. */
const BOT_PN = '51900000001@s.whatsapp.net';
const BOT_LID = '99900000001@lid';
const GROUP = '120363000000000001@g.us';
const LUIS = { lid: '111111111111111@lid', pn: '51911111111@s.whatsapp.net' };
const ROSA_LID = '122222222222222@lid';
const STRANGER_LID = '133333333333333@lid';

/** A transport as WhatsApp's: LUIS paired with his number, ROSA and the bot in the roster. */
const people = createPeople({
  selfIds: () => [BOT_PN],
  personIds: (id) => {
    if (id === LUIS.lid || id === LUIS.pn) return [LUIS.pn, LUIS.lid];
    if (id === BOT_LID) return [BOT_PN, BOT_LID];
    return [id];
  },
  isMember: (chatId, id) => chatId === GROUP && [LUIS.lid, LUIS.pn, ROSA_LID, BOT_LID].includes(id),
});

const message = (text: string, mentionedIds: string[]) => ({ chatId: GROUP, text, mentionedIds });

describe('writtenMentions', () => {
  it('keeps the ids the text writes after @ and reports @digits with no id behind them', () => {
    expect(
      writtenMentions('chofer 41234567 @111111111111111 y @51955555555', [
        LUIS.lid,
        '51966666666@s.whatsapp.net',
      ]),
    ).toEqual({ ids: [LUIS.lid], unmatched: ['51955555555'] });
    // An e-mail address or a short number is no mention; a device suffix is dropped.
    expect(writtenMentions('ventas@51911111111.pe @12 @111111111111111', ['111111111111111:4@lid'])).toEqual({
      ids: [LUIS.lid],
      unmatched: [],
    });
  });
});

describe('mentionedDriver', () => {
  it('turns a LID WhatsApp pairs with a number into that number, keeping the LID', () => {
    expect(mentionedDriver(message('chofer 41234567 @111111111111111', [LUIS.lid]), people)).toEqual({
      kind: 'phone',
      phone: '51911111111',
      lid: LUIS.lid,
    });
  });

  it('keeps a member with no number known by LID', () => {
    expect(mentionedDriver(message('chofer 41234567 @122222222222222', [ROSA_LID]), people)).toEqual({
      kind: 'lid',
      lid: ROSA_LID,
    });
  });

  it('never takes the bot’s own mention (phone or LID, written or not) for the driver', () => {
    const text = '@99900000001 chofer 41234567 @122222222222222';
    expect(mentionedDriver(message(text, [BOT_LID, ROSA_LID]), people)).toEqual({
      kind: 'lid',
      lid: ROSA_LID,
    });
    expect(mentionedDriver(message('@51900000001 chofer 41234567', [BOT_PN]), people)).toEqual({
      kind: 'none',
    });
    // A tag-everyone list the text does not write names nobody.
    expect(mentionedDriver(message('chofer 41234567', [LUIS.lid, ROSA_LID]), people)).toEqual({
      kind: 'none',
    });
  });

  it('refuses a non-member, @digits typed with no mention, and several people', () => {
    expect(mentionedDriver(message('chofer 41234567 @133333333333333', [STRANGER_LID]), people)).toEqual({
      kind: 'unknown',
    });
    expect(mentionedDriver(message('chofer 41234567 @51911111111', []), people)).toEqual({ kind: 'unknown' });
    expect(
      mentionedDriver(
        message('chofer 41234567 @111111111111111 @122222222222222', [LUIS.lid, ROSA_LID]),
        people,
      ),
    ).toEqual({ kind: 'several' });
  });

  it('without a platform that pairs ids (terminal, tests): a phone id is its number, a LID a LID', () => {
    const bare = createPeople({ selfIds: () => [BOT_PN] });
    expect(mentionedDriver(message('chofer 41234567 @51911111111', [LUIS.pn]), bare)).toEqual({
      kind: 'phone',
      phone: '51911111111',
    });
    expect(mentionedDriver(message('chofer 41234567 @122222222222222', [ROSA_LID]), bare)).toEqual({
      kind: 'lid',
      lid: ROSA_LID,
    });
  });
});
