document.getElementById('out').insertAdjacentHTML('beforeend', '<p>blocked script ran</p>');
