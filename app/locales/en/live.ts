/** English strings of the live rooms (every layout, host controls, raise hand) (keys mirrored by es/ and fr/). */
const live = {
  lobbyTitle: 'Getting ready',
};

export default live;
