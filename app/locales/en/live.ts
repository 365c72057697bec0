/** English strings of the lobby, live rooms, device settings and demo screens (keys mirrored by es/ and fr/). */
const live = {
  lobbyTitle: 'Getting ready',
};

export default live;
