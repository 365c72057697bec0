/** In-event chat (app/components/chat). */
const chat = {
  title: 'Chat',
};

export default chat;
